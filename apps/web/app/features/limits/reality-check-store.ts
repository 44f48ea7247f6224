import type { RealityCheck } from '@croupier/contracts';
import { createPlayerStore } from '../../shared/live/player-store.ts';
import { browserApi } from '../../shared/session/runtime.ts';

// The reality check (UKGC RTS 13, docs/decisions/0057): the interval the player chose and the session's
// stakes, wins and net position since sign-in, both kept by the server (GET/PUT /api/player/reality-check).

export const REALITY_INTERVALS = [0, 15, 30, 60] as const;
export type RealityInterval = (typeof REALITY_INTERVALS)[number];

const realityCheck = createPlayerStore<RealityCheck | null, RealityCheck>({
  initial: null,
  load: async () => (await browserApi().limits.realityCheck()).data,
  // A failed re-read keeps the figures already shown.
  keepOnFailure: true,
});

/** Reads the session's totals again (after the balance moved: a bet or a win was settled). */
export const reloadRealityCheck = (): Promise<void> => realityCheck.reload();

/** PUT …/reality-check; the answer replaces the snapshot. Throws when the server refuses. */
export async function setRealityInterval(interval: RealityInterval): Promise<void> {
  const { data } = await browserApi().limits.setRealityCheck({ body: { interval } });
  realityCheck.set(data);
}

/** The signed-in player's reality check, loaded on first use and dropped on logout. */
export function useRealityCheck() {
  const { state, value } = realityCheck.use();
  return { state, check: value };
}

/** "1:05:09" or "5:09". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
