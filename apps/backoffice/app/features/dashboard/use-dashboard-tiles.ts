import type { DashboardTiles } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The tiles' cache key: a live push writes here (`queryClient.setQueryData(dashboardKey, tiles)`). */
export const dashboardKey = ['dashboard'] as const;

/** How often the tiles are read again while no push arrives. */
export const DASHBOARD_POLL_MS = 15_000;

/**
 * Today's tiles (GET /api/backoffice/dashboard), polled every 15 s. The hook point for live pushes: a
 * subscription to the staff channel of the real-time hub sets the same query data when a tile changes (and may
 * then turn the polling off); the screen reads only this hook, so it does not change.
 */
export function useDashboardTiles() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async (): Promise<DashboardTiles> => (await api.audit.dashboard()).data,
    refetchInterval: DASHBOARD_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 5_000,
  });
}
