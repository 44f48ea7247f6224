import type { DashboardTiles } from '@croupier/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { connectDashboard, type LiveEvents, type LiveState, realtimeUrl, withPlayersOnline } from './live-client.ts';
import { dashboardKey } from './use-dashboard-tiles.ts';

/**
 * How long a `dashboard.changed` waits for others before the tiles are read again: delivery is at least once,
 * and a burst of deposits is a burst of pushes (decision 0110). One read per window, however many came.
 */
export const LIVE_COALESCE_MS = 250;

const isDashboardKey = (key: readonly unknown[]) => key.length === dashboardKey.length && key[0] === dashboardKey[0];

type Connect = (url: string, events: LiveEvents) => { close(): void };

/**
 * One socket per tab, shared by whoever shows live figures: the dashboard's tiles, and the shell's nav count of
 * withdrawals waiting (decision 0115). The first to join opens it, the last to leave closes it, so a screen
 * with no live figure keeps no socket (support leaving the dashboard closes it, as decision 0110 says); a
 * payments member's shell holds it for the whole visit. Pushes re-read the tiles once per window, however many
 * joined; players online are written into the cached tiles. Clearing the query cache (sign-out) closes it.
 */
export function createLiveHub(connect: Connect = connectDashboard, url = () => realtimeUrl(window.location)) {
  let members = 0;
  let state: LiveState = 'connecting';
  const watchers = new Set<() => void>();
  let stop: (() => void) | null = null;

  const setState = (next: LiveState) => {
    if (next === state) return;
    state = next;
    for (const watcher of watchers) watcher();
  };

  function open(client: QueryClient) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reread = () => {
      timer = undefined;
      void client.invalidateQueries({ queryKey: dashboardKey });
    };
    const live = connect(url(), {
      onState: setState,
      // The first push of a burst sets the read; the rest ride on it (never pushed back, so never starved).
      onChanged: () => {
        timer ??= setTimeout(reread, LIVE_COALESCE_MS);
      },
      onOnline: (count) => {
        // "Updated …" stays the time of the last full read.
        const updatedAt = client.getQueryState(dashboardKey)?.dataUpdatedAt;
        client.setQueryData<DashboardTiles>(dashboardKey, (tiles) => withPlayersOnline(tiles, count), { updatedAt });
      },
      // The session ended (signed out elsewhere, disabled, idle): the read answers 20000, and the app goes to
      // sign-in at once rather than at the next poll.
      onEnded: reread,
    });
    const unwatch = client.getQueryCache().subscribe((event) => {
      if (event.type === 'removed' && isDashboardKey(event.query.queryKey)) close();
    });
    function close() {
      clearTimeout(timer);
      unwatch();
      live.close();
      stop = null;
      setState('offline');
    }
    stop = close;
  }

  return {
    /** Joins (opening the socket for the first member); answers the leave. */
    join(client: QueryClient): () => void {
      members += 1;
      if (members === 1) {
        setState('connecting');
        open(client);
      }
      let left = false;
      return () => {
        if (left) return;
        left = true;
        members -= 1;
        if (members === 0) {
          stop?.();
          state = 'connecting';
        }
      };
    },
    state: () => state,
    watch(watcher: () => void): () => void {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    members: () => members,
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;

/** The tab's one hub. */
export const liveHub: LiveHub = createLiveHub();
