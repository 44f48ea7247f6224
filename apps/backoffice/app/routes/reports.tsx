import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { BonusCostReport } from '../features/reports/bonus-cost-report.tsx';
import { DailyReport } from '../features/reports/daily-report.tsx';
import { FunnelReport } from '../features/reports/funnel-report.tsx';
import { GamesReport } from '../features/reports/games-report.tsx';
import {
  type RangeFilters as Range,
  type ReportTab,
  rangeOf,
  rangeProblem,
  tabOf,
} from '../features/reports/params.ts';
import { PlayersReport } from '../features/reports/players-report.tsx';
import { RangeFilters } from '../features/reports/range-filters.tsx';
import { Reconciliation } from '../features/reports/reconciliation.tsx';
import { useUrlState } from '../lib/use-url-state.ts';
import { Permitted, useAllows } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'Reports · Croupier back office' }];

const TAB_NAMES: Record<ReportTab, string> = {
  daily: 'Daily',
  games: 'Games',
  players: 'Players',
  bonus: 'Bonus cost',
  funnel: 'Funnel',
  reconciliation: 'Reconciliation',
};

const HEADINGS: Record<ReportTab, string> = {
  daily: 'Daily figures',
  games: 'Games and the RTP monitor',
  players: 'Top winners and losers',
  bonus: 'Bonus cost per campaign',
  funnel: 'Registration to first deposit',
  reconciliation: 'Reconciliation',
};

const REPORTS: Record<ReportTab, (props: { range: Range }) => ReactNode> = {
  daily: DailyReport,
  games: GamesReport,
  players: PlayersReport,
  bonus: BonusCostReport,
  funnel: FunnelReport,
  reconciliation: Reconciliation,
};

export default function Reports() {
  return (
    <Permitted permission="reports:read">
      <ReportScreens />
    </Permitted>
  );
}

/**
 * The reports (§8, decision 0121), a tab each (`?tab=`), over one range and currency in the address that every
 * tab shares; a tab's own filters (`?order=`, `?limit=`, `?outside=`) do not carry over. Only the shown tab
 * asks the API. Figures per currency, never added across currencies.
 */
function ReportScreens() {
  const { params, set } = useUrlState();
  const allows = useAllows();
  const tab = tabOf(params.get('tab'));
  const range = rangeOf(params);
  const problem = rangeProblem(range);
  const Report = REPORTS[tab];
  // The range is the reports' filter, and for reconciliation only what "Run now" recomputes.
  const ranged = tab !== 'reconciliation' || allows('reports:reconcile');
  return (
    <>
      <header className="page-header">
        <div>
          <h1>{HEADINGS[tab]}</h1>
          <p className="page-header__meta">Reports · UTC days, both ends included</p>
        </div>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(next) => set({ tab: next === 'daily' ? null : next, order: null, limit: null, outside: null })}
        activationMode="manual"
      >
        <Tabs.List className="tabs" aria-label="Reports">
          {(Object.keys(TAB_NAMES) as ReportTab[]).map((t) => (
            <Tabs.Trigger key={t} value={t}>
              {TAB_NAMES[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(Object.keys(TAB_NAMES) as ReportTab[]).map((t) => (
          <Tabs.Content key={t} value={t} className="tab-panel">
            {t === tab &&
              (ranged ? (
                <RangeFilters range={range}>{!problem && <Report range={range} />}</RangeFilters>
              ) : (
                <Report range={range} />
              ))}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
