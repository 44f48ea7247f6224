import type { PlayerBonus } from '@croupier/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { isLive, LIVE_STATUSES } from './bonus-rules.ts';

// The player's live bonuses (statuses 1 and 2, spec §4), one list for the page, the modals and the wallet.
// Publications refresh it after 500 ms of quiet (spec §9); an item leaving those statuses is removed at once.

export const REFRESH_DEBOUNCE_MS = 500;

export type LiveState = 'idle' | 'loading' | 'ready' | 'failed';

interface Snapshot {
  playerId: string | null;
  state: LiveState;
  items: readonly PlayerBonus[];
  /** Bumped by every publication: lists of finished bonuses reload on it. */
  version: number;
}

const EMPTY: Snapshot = { playerId: null, state: 'idle', items: [], version: 0 };
let snapshot: Snapshot = EMPTY;
const listeners = new Set<() => void>();
/** Every bonus seen (live or history), so a details modal opened from any list finds its row. */
const known = new Map<string, PlayerBonus>();
let latest = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

const set = (next: Partial<Snapshot>) => {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
};

export function rememberBonuses(list: readonly PlayerBonus[]): void {
  for (const b of list) known.set(b.id, b);
}

export const knownBonus = (id: string): PlayerBonus | null => known.get(id) ?? null;

/** The current list, outside React (tests, event handlers). */
export const liveSnapshot = (): Readonly<Snapshot> => snapshot;

/** GET …/player-bonuses?status[]=1&status[]=2 for the player (all currencies: the page lists each). */
export async function loadLive(playerId: string): Promise<void> {
  const request = ++latest;
  if (snapshot.playerId !== playerId) set({ ...EMPTY, playerId, state: 'loading', version: snapshot.version });
  else if (snapshot.state !== 'ready') set({ state: 'loading' });
  try {
    const answer = await browserApi().bonus.playerBonuses({
      query: { status: [...LIVE_STATUSES], sortOrder: 'asc', page: 1, perPage: 100 },
    });
    if (request !== latest || snapshot.playerId !== playerId) return;
    rememberBonuses(answer.data);
    set({ state: 'ready', items: answer.data.filter(isLive) });
  } catch {
    if (request === latest && snapshot.playerId === playerId) set({ state: 'failed' });
  }
}

/** A publication arrived: drop a finished item now, refetch the live list after the debounce. */
export function receiveBonus(bonus: PlayerBonus): void {
  known.set(bonus.id, bonus);
  const items = isLive(bonus) ? snapshot.items : snapshot.items.filter((b) => b.id !== bonus.id);
  set({ items, version: snapshot.version + 1 });
  scheduleRefresh();
}

export function scheduleRefresh(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    if (snapshot.playerId) void loadLive(snapshot.playerId);
  }, REFRESH_DEBOUNCE_MS);
}

/** Logout or another player: nothing of the previous one stays. */
export function resetBonuses(): void {
  latest++;
  known.clear();
  if (timer) clearTimeout(timer);
  timer = null;
  snapshot = EMPTY;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live list of the signed-in player, loaded on first use. */
export function useLiveBonuses() {
  const { player } = useSession();
  const playerId = player?.id ?? null;
  const current = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => EMPTY,
  );
  useEffect(() => {
    if (!playerId) {
      if (snapshot.playerId) resetBonuses();
      return;
    }
    if (snapshot.playerId !== playerId || snapshot.state === 'idle') void loadLive(playerId);
  }, [playerId]);
  const mine = current.playerId === playerId && playerId !== null;
  return {
    state: mine ? current.state : playerId ? ('loading' as const) : ('idle' as const),
    items: mine ? current.items : [],
    version: current.version,
    reload: () => (playerId ? loadLive(playerId) : Promise.resolve()),
  };
}
