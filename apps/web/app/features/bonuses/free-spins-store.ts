import { type PlayerFreespin, PlayerFreespin as PlayerFreespinSchema } from '@croupier/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { LIVE_STATUSES } from './bonus-rules.ts';

// The player's live free spins (statuses 1 and 2, spec §4) for /profile/bonuses; publications on
// bonus:player-freespins# refetch them after 500 ms of quiet (spec §9), a finished one leaves at once.

export type FreeSpinsState = { state: 'loading' | 'ready' | 'failed'; items: PlayerFreespin[] };

export function useLiveFreeSpins(): FreeSpinsState & {
  reload: () => Promise<void>;
  /** A publication's free spins: finished ones leave now, and the list is fetched again after 500 ms. */
  receive: (data: unknown) => void;
} {
  const [snapshot, setSnapshot] = useState<FreeSpinsState>({ state: 'loading', items: [] });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reload = useCallback(async () => {
    try {
      const answer = await browserApi().bonus.playerFreespins({
        query: { status: [...LIVE_STATUSES], sortOrder: 'asc', page: 1, perPage: 100 },
      });
      setSnapshot({ state: 'ready', items: answer.data });
    } catch {
      setSnapshot((s) => ({ ...s, state: 'failed' }));
    }
  }, []);
  useEffect(() => {
    void reload();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [reload]);
  const receive = useCallback(
    (data: unknown) => {
      const raw = data && typeof data === 'object' ? (data as Record<string, unknown>).playerFreespin : undefined;
      const parsed = PlayerFreespinSchema.safeParse(raw);
      if (parsed.success && parsed.data.status === 3) {
        setSnapshot((s) => ({ ...s, items: s.items.filter((i) => i.id !== parsed.data.id) }));
      }
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void reload(), 500);
    },
    [reload],
  );
  return { ...snapshot, reload, receive };
}
