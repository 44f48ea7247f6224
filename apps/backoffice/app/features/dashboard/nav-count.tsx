import { formatCount } from '../../lib/format.ts';
import type { NavCountTile } from '../../lib/permissions.ts';
import { useDashboardLive } from './use-dashboard-live.ts';
import { useDashboardTiles } from './use-dashboard-tiles.ts';

/**
 * A tile's count beside its nav entry (withdrawals waiting, flags open), kept live over the tab's one socket for as long as
 * the entry is shown (decision 0115); polled every 15 s while the socket is down. Nothing while it is zero.
 */
const SUFFIX: Record<NavCountTile, string> = { withdrawalsWaiting: 'waiting', flagsOpen: 'open' };

export function NavCount({ tile }: { tile: NavCountTile }) {
  const live = useDashboardLive();
  const tiles = useDashboardTiles(live === 'live');
  const count = tiles.data?.[tile] ?? 0;
  if (count <= 0) return null;
  return (
    <span className="nav-count" data-testid={`nav-count-${tile}`}>
      <span className="visually-hidden">, </span>
      {formatCount(count)}
      <span className="visually-hidden"> {SUFFIX[tile]}</span>
    </span>
  );
}
