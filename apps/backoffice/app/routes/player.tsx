import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdjustmentDialog } from '../features/player/adjustment-dialog.tsx';
import { AuditTrail } from '../features/player/audit-trail.tsx';
import { BlocksDialog } from '../features/player/blocks-dialog.tsx';
import { CloseSessionsDialog } from '../features/player/close-sessions-dialog.tsx';
import { Compliance } from '../features/player/compliance.tsx';
import { Invoices } from '../features/player/invoices.tsx';
import { LimitDialog } from '../features/player/limit-dialog.tsx';
import { Notes } from '../features/player/notes.tsx';
import { Overview } from '../features/player/overview.tsx';
import { Rounds } from '../features/player/rounds.tsx';
import { SelfExclusionDialog } from '../features/player/self-exclusion-dialog.tsx';
import { Sessions } from '../features/player/sessions.tsx';
import { Transactions } from '../features/player/transactions.tsx';
import { usePlayer360 } from '../features/player/use-player.ts';
import { problemOf } from '../lib/errors.ts';
import { playerLabel, playerStatusLabel } from '../lib/format.ts';
import { newIdempotencyKey } from '../lib/idempotency.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { BlockBadges } from '../ui/blocks.tsx';
import { Permitted, useAllows } from '../ui/permitted.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

export const meta = () => [{ title: 'Player · Croupier back office' }];

const TABS = ['overview', 'transactions', 'rounds', 'invoices', 'sessions', 'notes', 'compliance', 'audit'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

export default function PlayerPage() {
  return (
    <Permitted permission="players:read">
      <Player360Page />
    </Permitted>
  );
}

type Dialog = 'blocks' | 'sessions' | 'limit' | 'exclusion' | null;

/** The player seen whole: a header with the blocks and the actions, and tabs kept in the address (`?tab=`). */
function Player360Page() {
  const { id = '' } = useParams();
  const player = usePlayer360(id);
  const allows = useAllows();
  const { params, set } = useUrlState();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'overview';
  const [dialog, setDialog] = useState<Dialog>(null);
  const [adjustmentKey, setAdjustmentKey] = useState<string | null>(null);

  if (player.isPending) {
    return (
      <>
        <p className="crumbs">
          <Link to="/players">Players</Link>
        </p>
        <h1>Player</h1>
        <Skeleton lines={6} label="Loading the player" />
      </>
    );
  }
  if (player.error) {
    return (
      <>
        <p className="crumbs">
          <Link to="/players">Players</Link>
        </p>
        <h1>Player</h1>
        <p className="form-message" role="alert">
          {problemOf(player.error).message}
        </p>
      </>
    );
  }
  const data = player.data;
  const currencies = data.accounts.map((a) => a.currency);
  const dialogProps = (name: Exclude<Dialog, null>) => ({
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
  });
  return (
    <>
      <p className="crumbs">
        <Link to="/players">Players</Link>
      </p>
      <header className="page-header page-header--player">
        <div>
          <h1>{playerLabel(data.profile)}</h1>
          <p className="page-header__meta">
            {playerStatusLabel(data.profile.status)} · <span className="muted">{data.profile.id}</span>
          </p>
          <p className="page-header__meta">
            Blocks: <BlockBadges blocks={data.blocks} />
          </p>
        </div>
        <div className="actions">
          {allows('players:block') && (
            <button type="button" className="button" onClick={() => setDialog('blocks')}>
              Blocks…
            </button>
          )}
          {allows('players:sessions') && (
            <button type="button" className="button" onClick={() => setDialog('sessions')}>
              Close sessions…
            </button>
          )}
          {allows('players:limits') && (
            <button type="button" className="button" onClick={() => setDialog('limit')}>
              Limit…
            </button>
          )}
          {allows('players:exclusion') && (
            <button type="button" className="button" onClick={() => setDialog('exclusion')}>
              Self-exclusion…
            </button>
          )}
          {allows('withdrawals:review') && (
            <Link className="button" to={`/withdrawals?status=review&playerId=${id}`}>
              Withdrawals
            </Link>
          )}
          {allows('adjustments:create') && currencies.length > 0 && (
            <button type="button" className="button" onClick={() => setAdjustmentKey(newIdempotencyKey())}>
              Adjust balance…
            </button>
          )}
        </div>
      </header>

      <Tabs.Root
        value={tab}
        onValueChange={(next) =>
          // A tab's own filters and page do not carry over to another tab.
          set({ tab: next === 'overview' ? null : next, currency: null, status: null, type: null, perPage: null })
        }
        activationMode="manual"
      >
        <Tabs.List className="tabs" aria-label="Player sections">
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="transactions">Transactions</Tabs.Trigger>
          <Tabs.Trigger value="rounds">Rounds</Tabs.Trigger>
          <Tabs.Trigger value="invoices">Invoices</Tabs.Trigger>
          <Tabs.Trigger value="sessions">Sessions</Tabs.Trigger>
          <Tabs.Trigger value="notes">Notes</Tabs.Trigger>
          {(allows('flags:review') || allows('kyc:review')) && (
            <Tabs.Trigger value="compliance">Compliance</Tabs.Trigger>
          )}
          {allows('audit:read') && <Tabs.Trigger value="audit">Audit trail</Tabs.Trigger>}
        </Tabs.List>
        <Tabs.Content value="overview" className="tab-panel">
          <Overview player={data} />
        </Tabs.Content>
        <Tabs.Content value="transactions" className="tab-panel">
          <Transactions playerId={id} currencies={currencies} />
        </Tabs.Content>
        <Tabs.Content value="rounds" className="tab-panel">
          <Rounds playerId={id} currencies={currencies} />
        </Tabs.Content>
        <Tabs.Content value="invoices" className="tab-panel">
          <Invoices playerId={id} />
        </Tabs.Content>
        <Tabs.Content value="sessions" className="tab-panel">
          <Sessions playerId={id} />
        </Tabs.Content>
        <Tabs.Content value="notes" className="tab-panel">
          <Notes playerId={id} />
        </Tabs.Content>
        {(allows('flags:review') || allows('kyc:review')) && (
          <Tabs.Content value="compliance" className="tab-panel">
            <Compliance playerId={id} />
          </Tabs.Content>
        )}
        {allows('audit:read') && (
          <Tabs.Content value="audit" className="tab-panel">
            <AuditTrail playerId={id} />
          </Tabs.Content>
        )}
      </Tabs.Root>

      <BlocksDialog playerId={id} blocks={data.blocks} {...dialogProps('blocks')} />
      <CloseSessionsDialog playerId={id} {...dialogProps('sessions')} />
      <LimitDialog playerId={id} currencies={currencies} {...dialogProps('limit')} />
      <SelfExclusionDialog playerId={id} {...dialogProps('exclusion')} />
      <AdjustmentDialog
        playerId={id}
        currencies={currencies}
        defaultCurrency={data.profile.currency ?? currencies[0]}
        idempotencyKey={adjustmentKey}
        onClose={() => setAdjustmentKey(null)}
      />
    </>
  );
}
