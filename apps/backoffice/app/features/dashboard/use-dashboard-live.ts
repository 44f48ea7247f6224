import type { DashboardTiles } from '@croupier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { connectDashboard, type LiveState, realtimeUrl, withPlayersOnline } from './live-client.ts';
import { dashboardKey } from './use-dashboard-tiles.ts';

/**
 * How long a `dashboard.changed` waits for others before the tiles are read again: delivery is at least once,
 * and a burst of deposits is a burst of pushes (decision 0110). One read per window, however many came.
 */
export const LIVE_COALESCE_MS = 250;

const isDashboardKey = (key: readonly unknown[]) => key.length === dashboardKey.length && key[0] === dashboardKey[0];

/**
 * The dashboard's live tiles, for as long as the screen is shown: the socket opens on mount and closes on
 * unmount, and on sign-out (the shell clears the query cache, which removes the tiles). A push re-reads the
 * tiles (coalesced); players online are written into the cached tiles directly. Answers the socket's state:
 * while it is `live`, the tiles are not polled (useDashboardTiles).
 */
export function useDashboardLive(): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reread = () => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    };
    const live = connectDashboard(realtimeUrl(window.location), {
      onState: setState,
      onChanged: () => {
        // The first push of a burst sets the read; the rest ride on it (never pushed back, so never starved).
        timer ??= setTimeout(reread, LIVE_COALESCE_MS);
      },
      onOnline: (count) => {
        const updatedAt = queryClient.getQueryState(dashboardKey)?.dataUpdatedAt;
        // "Updated …" stays the time of the last full read.
        queryClient.setQueryData<DashboardTiles>(dashboardKey, (tiles) => withPlayersOnline(tiles, count), {
          updatedAt,
        });
      },
      // The session ended (signed out elsewhere, disabled, idle): the read answers 20000, and the app goes to
      // sign-in at once rather than at the next poll.
      onEnded: reread,
    });
    const unwatch = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'removed' && isDashboardKey(event.query.queryKey)) stop();
    });
    function stop() {
      clearTimeout(timer);
      unwatch();
      live.close();
    }
    return stop;
  }, [queryClient]);

  return state;
}
