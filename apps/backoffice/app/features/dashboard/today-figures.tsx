import type { DailyReportRow } from '@croupier/contracts';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { Skeleton } from '../../ui/skeleton.tsx';

const MONEY = [
  ['ggr', 'GGR'],
  ['ngr', 'NGR'],
  ['bets', 'Bets'],
  ['wins', 'Wins'],
  ['deposits', 'Deposits'],
  ['withdrawals', 'Withdrawals'],
  ['bonusCost', 'Bonus cost'],
] as const;
const COUNTS = [
  ['activePlayers', 'Active players'],
  ['newPlayers', 'New players'],
  ['firstDeposits', 'First deposits'],
] as const;

/**
 * Today's figures from the rollups (`DashboardTiles.today`), one tile per currency, never added across
 * currencies; the tiles are re-read on every `dashboard.changed` push, which the reporting consumer sends after
 * it has applied money moves of today. Each figure has a test id `today-<currency>-<figure>`.
 */
export function TodayFigures({ rows }: { rows: readonly DailyReportRow[] | undefined }) {
  return (
    <section aria-labelledby="today-heading" className="dashboard-section">
      <h2 id="today-heading">Today’s money (UTC), per currency</h2>
      <div className="tiles tiles--today">
        {rows === undefined ? (
          <div className="tile tile--wide">
            <Skeleton lines={3} label="Loading today’s figures" />
          </div>
        ) : rows.length === 0 ? (
          <p className="tile tile--wide muted" data-testid="today-none">
            No money has moved yet today.
          </p>
        ) : (
          rows.map((row) => <TodayTile key={row.currency} row={row} />)
        )}
      </div>
    </section>
  );
}

function TodayTile({ row }: { row: DailyReportRow }) {
  return (
    <section
      className="tile tile--today"
      aria-labelledby={`today-${row.currency}`}
      data-testid={`today-${row.currency}`}
    >
      <h3 id={`today-${row.currency}`} className="tile__heading">
        {row.currency}
      </h3>
      <dl className="today">
        {MONEY.map(([key, label]) => (
          <div key={key} className={key === 'ggr' || key === 'ngr' ? 'today__main' : undefined}>
            <dt>{label}</dt>
            <dd className="amount" data-testid={`today-${row.currency}-${key}`}>
              {formatAmount(row[key])}
            </dd>
          </div>
        ))}
        {COUNTS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd className="amount" data-testid={`today-${row.currency}-${key}`}>
              {formatCount(row[key])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
