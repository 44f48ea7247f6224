import type { DashboardTiles } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The tiles' cache key: the live socket re-reads it on a push and writes players online into it. */
export const dashboardKey = ['dashboard'] as const;

/** How often the tiles are read again while the socket is not connected. */
export const DASHBOARD_POLL_MS = 15_000;

/**
 * Today's tiles (GET /api/backoffice/dashboard), for the dashboard and the nav's live counts. While the dashboard's socket is live (use-dashboard-live.ts)
 * the pushes keep them current and nothing is polled; otherwise (connecting, reconnecting, refused) they are
 * read every 15 s, the fallback.
 */
export function useDashboardTiles(live: boolean, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardKey,
    queryFn: async (): Promise<DashboardTiles> => (await api.audit.dashboard()).data,
    refetchInterval: live ? false : DASHBOARD_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 5_000,
  });
}
