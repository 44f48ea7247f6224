import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { NavCountTile } from '../../lib/permissions.ts';
import { useDashboardLive } from './use-dashboard-live.ts';
import { useDashboardTiles } from './use-dashboard-tiles.ts';

/**
 * A queue that follows its live count (decision 0115): the tab's one socket keeps the tile current, and when the
 * figure moves (not at its first value) the queue's key is read again, rather than on every push (a deposit moves
 * no withdrawal). Answers the socket's state and the count.
 */
export function useLiveCount(tile: NavCountTile, queueKey: QueryKey) {
  const client = useQueryClient();
  const live = useDashboardLive();
  const count = useDashboardTiles(live === 'live').data?.[tile];
  const seen = useRef<number | undefined>(undefined);
  // The key is the queue's constant prefix; its text keeps the effect from running on every render.
  const keyText = JSON.stringify(queueKey);
  useEffect(() => {
    if (count === undefined) return;
    if (seen.current !== undefined && seen.current !== count) {
      void client.invalidateQueries({ queryKey: JSON.parse(keyText) as QueryKey });
    }
    seen.current = count;
  }, [count, client, keyText]);
  return { live, count };
}
