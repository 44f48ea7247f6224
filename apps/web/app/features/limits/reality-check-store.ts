import type { RealityCheck } from '@croupier/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';

// The reality check (UKGC RTS 13, docs/decisions/0057): the interval the player chose and the session's
// stakes, wins and net position since sign-in, both kept by the server (GET/PUT /api/player/reality-check).

export const REALITY_INTERVALS = [0, 15, 30, 60] as const;
export type RealityInterval = (typeof REALITY_INTERVALS)[number];

interface Snapshot {
  playerId: string | null;
  state: 'idle' | 'loading' | 'ready' | 'failed';
  check: RealityCheck | null;
}

const EMPTY: Snapshot = { playerId: null, state: 'idle', check: null };
let snapshot: Snapshot = EMPTY;
let latest = 0;
const listeners = new Set<() => void>();
const set = (next: Partial<Snapshot>) => {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function load(playerId: string): Promise<void> {
  const request = ++latest;
  if (snapshot.playerId !== playerId) set({ ...EMPTY, playerId, state: 'loading' });
  try {
    const { data } = await browserApi().limits.realityCheck();
    if (request === latest && snapshot.playerId === playerId) set({ state: 'ready', check: data });
  } catch {
    if (request === latest && snapshot.playerId === playerId && !snapshot.check) set({ state: 'failed' });
  }
}

/** Reads the session's totals again (after the balance moved: a bet or a win was settled). */
export function reloadRealityCheck(): Promise<void> {
  return snapshot.playerId ? load(snapshot.playerId) : Promise.resolve();
}

/** PUT …/reality-check; the answer replaces the snapshot. Throws when the server refuses. */
export async function setRealityInterval(interval: RealityInterval): Promise<void> {
  const { data } = await browserApi().limits.setRealityCheck({ body: { interval } });
  latest++;
  set({ state: 'ready', check: data });
}

/** The signed-in player's reality check, loaded on first use and dropped on logout. */
export function useRealityCheck() {
  const { player } = useSession();
  const playerId = player?.id ?? null;
  const current = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => EMPTY,
  );
  useEffect(() => {
    if (!playerId) {
      if (snapshot.playerId) {
        latest++;
        set(EMPTY);
      }
      return;
    }
    if (snapshot.playerId !== playerId || snapshot.state === 'idle') void load(playerId);
  }, [playerId]);
  const mine = current.playerId === playerId && playerId !== null;
  return { state: mine ? current.state : 'loading', check: mine ? current.check : null };
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
