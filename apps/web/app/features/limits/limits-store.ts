import type { Limit } from '@croupier/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';

// The player's limits (api-contract §6), one list for the page, its modals and the wallet's 13100 state.
// Every change refetches it: the answers of POST, PUT and DELETE are ignored, as the contract says.

export type LimitsState = 'idle' | 'loading' | 'ready' | 'failed';

interface Snapshot {
  playerId: string | null;
  state: LimitsState;
  items: readonly Limit[];
}

const EMPTY: Snapshot = { playerId: null, state: 'idle', items: [] };
let snapshot: Snapshot = EMPTY;
let latest = 0;
const listeners = new Set<() => void>();

const set = (next: Partial<Snapshot>) => {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
};

async function load(playerId: string): Promise<void> {
  const request = ++latest;
  if (snapshot.playerId !== playerId) set({ ...EMPTY, playerId, state: 'loading' });
  else if (snapshot.state !== 'ready') set({ state: 'loading' });
  try {
    const { data } = await browserApi().limits.list();
    if (request === latest && snapshot.playerId === playerId) set({ state: 'ready', items: data });
  } catch {
    if (request === latest && snapshot.playerId === playerId) set({ state: 'failed' });
  }
}

/** Refetches the list of the player seen last (after a change, or when deposits answer 13100). */
export function reloadLimits(): Promise<void> {
  return snapshot.playerId ? load(snapshot.playerId) : Promise.resolve();
}

function reset(): void {
  latest++;
  snapshot = EMPTY;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in player's limits, loaded on first use and dropped on logout. */
export function useLimits() {
  const { player } = useSession();
  const playerId = player?.id ?? null;
  const current = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => EMPTY,
  );
  useEffect(() => {
    if (!playerId) {
      if (snapshot.playerId) reset();
      return;
    }
    if (snapshot.playerId !== playerId || snapshot.state === 'idle') void load(playerId);
  }, [playerId]);
  const mine = current.playerId === playerId && playerId !== null;
  return {
    state: mine ? current.state : playerId ? ('loading' as const) : ('idle' as const),
    items: mine ? current.items : [],
    reload: reloadLimits,
  };
}
