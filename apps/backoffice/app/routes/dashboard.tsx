import { Link } from 'react-router';
import { LiveStatus } from '../features/dashboard/live-status.tsx';
import { TodayFigures } from '../features/dashboard/today-figures.tsx';
import { Trends } from '../features/dashboard/trends.tsx';
import { useDashboardLive } from '../features/dashboard/use-dashboard-live.ts';
import { useDashboardTiles } from '../features/dashboard/use-dashboard-tiles.ts';
import { problemOf } from '../lib/errors.ts';
import { formatAmount, formatCount, formatTime } from '../lib/format.ts';
import { useAllows } from '../ui/permitted.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

export const meta = () => [{ title: 'Dashboard · Croupier back office' }];

export default function Dashboard() {
  const live = useDashboardLive();
  const tiles = useDashboardTiles(live === 'live');
  const allows = useAllows();
  const data = tiles.data;
  return (
    <>
      <header className="page-header">
        <h1>Dashboard</h1>
        <div className="page-header__status">
          <LiveStatus state={live} />
          <p className="page-header__meta" aria-live="polite">
            {tiles.dataUpdatedAt ? `Updated ${formatTime(new Date(tiles.dataUpdatedAt).toISOString())} UTC` : ''}
          </p>
        </div>
      </header>
      {tiles.error && !data && (
        <p className="form-message" role="alert">
          {problemOf(tiles.error).message}
        </p>
      )}
      <div className="tiles">
        <section className="tile" aria-labelledby="tile-online">
          <h2 id="tile-online">Players online</h2>
          {data ? (
            <p className="tile__value" data-testid="tile-players-online">
              {formatCount(data.playersOnline)}
            </p>
          ) : (
            <Skeleton lines={1} />
          )}
        </section>
        <section className="tile" aria-labelledby="tile-deposits" data-testid="tile-deposits">
          <h2 id="tile-deposits">Deposits today (UTC)</h2>
          {!data ? (
            <Skeleton lines={2} />
          ) : data.depositsToday.length === 0 ? (
            <p className="tile__value">None yet</p>
          ) : (
            <ul className="tile__list">
              {data.depositsToday.map((d) => (
                <li key={d.currency}>
                  <span className="tile__amount">{formatAmount(d.amount, d.currency)}</span>{' '}
                  <span className="muted">
                    {formatCount(d.count)} deposit{d.count === 1 ? '' : 's'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="tile" aria-labelledby="tile-adjustments">
          <h2 id="tile-adjustments">Adjustments waiting</h2>
          {data ? (
            <p className="tile__value">
              {allows('adjustments:create') ? (
                <Link to="/adjustments?status=pending">{formatCount(data.adjustmentsWaiting)}</Link>
              ) : (
                formatCount(data.adjustmentsWaiting)
              )}
            </p>
          ) : (
            <Skeleton lines={1} />
          )}
        </section>
        <CountTile
          id="withdrawals"
          title="Withdrawals waiting"
          value={data?.withdrawalsWaiting}
          to={allows('withdrawals:review') ? '/withdrawals' : null}
        />
        <CountTile
          id="flags"
          title="Flags open"
          value={data?.flagsOpen}
          to={allows('flags:review') ? '/flags' : null}
        />
      </div>
      {/* Today's money (live, in the tiles) and the 30-day charts: the reports' rollups (issue 28). */}
      {allows('reports:read') && (
        <>
          <TodayFigures rows={data?.today} />
          <Trends today={data?.today} />
        </>
      )}
    </>
  );
}

/** A count with its screen's link when the role may open it (issue 26's queues). */
function CountTile({
  id,
  title,
  value,
  to,
}: {
  id: string;
  title: string;
  value: number | undefined;
  to: string | null;
}) {
  return (
    <section className="tile" aria-labelledby={`tile-${id}`}>
      <h2 id={`tile-${id}`}>{title}</h2>
      {value === undefined ? (
        <Skeleton lines={1} />
      ) : (
        <p className="tile__value" data-testid={`tile-${id}`}>
          {to ? <Link to={to}>{formatCount(value)}</Link> : formatCount(value)}
        </p>
      )}
    </section>
  );
}
