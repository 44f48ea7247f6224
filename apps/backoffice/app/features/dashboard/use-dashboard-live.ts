import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { LiveState } from './live-client.ts';
import { liveHub } from './live-hub.ts';

/**
 * Live tiles for as long as the caller is shown (`enabled`): joins the tab's one socket (live-hub.ts) on mount and
 * leaves it on unmount. A push re-reads the tiles (coalesced); players online are written into the cached tiles
 * directly. Answers the socket's state: while it is `live`, the tiles are not polled (useDashboardTiles).
 */
export function useDashboardLive(enabled = true): LiveState {
  const queryClient = useQueryClient();
  useEffect(() => (enabled ? liveHub.join(queryClient) : undefined), [queryClient, enabled]);
  const state = useSyncExternalStore(liveHub.watch, liveHub.state, liveHub.state);
  return enabled ? state : 'offline';
}
