import * as Tabs from '@radix-ui/react-tabs';
import { DocumentsQueue } from '../features/kyc/documents-queue.tsx';
import { VerificationsQueue } from '../features/kyc/verifications-queue.tsx';
import { statusParam } from '../lib/statuses.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { Permitted } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'KYC · Croupier back office' }];

const TABS = ['documents', 'verifications'] as const;
type Tab = (typeof TABS)[number];
const TAB_NAMES: Record<Tab, string> = { documents: 'Documents', verifications: 'Verifications' };
const HEADINGS: Record<Tab, string> = { documents: 'KYC documents', verifications: 'Identity verifications' };

export default function Kyc() {
  return (
    <Permitted permission="kyc:review">
      <KycQueues />
    </Permitted>
  );
}

/**
 * The KYC review (decision 0115): the documents players upload and the identity verifications, a tab each
 * (`?tab=verifications`); each queue keeps its own `?status=` in the address. The heading names the queue shown.
 */
function KycQueues() {
  const { params, set } = useUrlState();
  const tab = statusParam(TABS, params.get('tab'), 'documents');
  return (
    <>
      <header className="page-header">
        <h1>{HEADINGS[tab]}</h1>
      </header>
      <Tabs.Root
        value={tab}
        // A queue's status and open document mean nothing in the other; the player filter carries over.
        onValueChange={(next) => set({ tab: next === 'documents' ? null : next, status: null, document: null })}
        activationMode="manual"
      >
        <Tabs.List className="tabs" aria-label="KYC queues">
          {TABS.map((t) => (
            <Tabs.Trigger key={t} value={t}>
              {TAB_NAMES[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="documents" className="tab-panel">
          {tab === 'documents' && <DocumentsQueue />}
        </Tabs.Content>
        <Tabs.Content value="verifications" className="tab-panel">
          {tab === 'verifications' && <VerificationsQueue />}
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
