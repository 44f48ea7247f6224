import * as Tabs from '@radix-ui/react-tabs';
import { kindOf, RETENTION_KINDS, type RetentionKind } from '../features/retention/keys.ts';
import { QuestsList, TournamentsList, WheelsList } from '../features/retention/lists.tsx';
import { LoyaltyEditor } from '../features/retention/loyalty-editor.tsx';
import { useUrlState } from '../lib/use-url-state.ts';
import { Permitted } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'Retention · Croupier back office' }];

export default function Retention() {
  return (
    <Permitted permission="retention:write">
      <RetentionScreens />
    </Permitted>
  );
}

/** Quests, tournaments, wheels and loyalty (issue 27), one tab each (`?tab=`). */
function RetentionScreens() {
  const { params, set } = useUrlState();
  const tab = kindOf(params.get('tab'));
  const kinds = Object.keys(RETENTION_KINDS) as RetentionKind[];
  return (
    <>
      <header className="page-header">
        <div>
          <h1>Retention</h1>
          <p className="page-header__meta">
            What players are offered to come back: changes show at once, and every one is audited.
          </p>
        </div>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(next) => set({ tab: next === 'quests' ? null : next, page: null, status: null, q: null })}
        activationMode="manual"
      >
        <Tabs.List className="tabs" aria-label="Retention">
          {kinds.map((k) => (
            <Tabs.Trigger key={k} value={k}>
              {RETENTION_KINDS[k]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {kinds.map((k) => (
          <Tabs.Content key={k} value={k} className="tab-panel">
            {k === tab && k === 'quests' && <QuestsList />}
            {k === tab && k === 'tournaments' && <TournamentsList />}
            {k === tab && k === 'wheels' && <WheelsList />}
            {k === tab && k === 'loyalty' && <LoyaltyEditor />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
