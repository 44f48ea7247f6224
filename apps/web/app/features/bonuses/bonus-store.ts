import type { PlayerBonus } from '@croupier/contracts';
import { createPlayerStore, type PlayerSnapshot } from '../../shared/live/player-store.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { isLive, LIVE_STATUSES } from './bonus-rules.ts';

// The player's live bonuses (statuses 1 and 2, spec §4), one list for the page, the modals and the wallet.
// Publications refresh it after 500 ms of quiet (spec §9); an item leaving those statuses is removed at once.

export const REFRESH_DEBOUNCE_MS = 500;

interface LiveBonuses {
  items: readonly PlayerBonus[];
  /** Bumped by every publication: lists of finished bonuses reload on it. */
  version: number;
}

/** Every bonus seen (live or history), so a details modal opened from any list finds its row. */
const known = new Map<string, PlayerBonus>();
let timer: ReturnType<typeof setTimeout> | null = null;

export function rememberBonuses(list: readonly PlayerBonus[]): void {
  for (const b of list) known.set(b.id, b);
}

export const knownBonus = (id: string): PlayerBonus | null => known.get(id) ?? null;

/** GET …/player-bonuses?status[]=1&status[]=2 for the player (all currencies: the page lists each). */
const live = createPlayerStore<LiveBonuses, PlayerBonus[]>({
  initial: { items: [], version: 0 },
  load: async () =>
    (
      await browserApi().bonus.playerBonuses({
        query: { status: [...LIVE_STATUSES], sortOrder: 'asc', page: 1, perPage: 100 },
      })
    ).data,
  apply: (answer, current) => {
    rememberBonuses(answer);
    return { items: answer.filter(isLive), version: current.version };
  },
  onClear: () => {
    known.clear();
    if (timer) clearTimeout(timer);
    timer = null;
  },
});

/** The current list, outside React (tests, event handlers). */
export const liveSnapshot = (): Readonly<PlayerSnapshot<LiveBonuses> & LiveBonuses> => {
  const snapshot = live.get();
  return { ...snapshot, ...snapshot.value };
};

export const loadLive = (playerId: string): Promise<void> => live.load(playerId);

/** A publication arrived: drop a finished item now, refetch the live list after the debounce. */
export function receiveBonus(bonus: PlayerBonus): void {
  known.set(bonus.id, bonus);
  live.update(({ items, version }) => ({
    items: isLive(bonus) ? items : items.filter((b) => b.id !== bonus.id),
    version: version + 1,
  }));
  scheduleRefresh();
}

export function scheduleRefresh(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void live.reload();
  }, REFRESH_DEBOUNCE_MS);
}

/** Logout or another player: nothing of the previous one stays. */
export const resetBonuses = (): void => live.clear();

/** The live list of the signed-in player, loaded on first use. */
export function useLiveBonuses() {
  const { state, value } = live.use();
  return { state, items: value.items, version: value.version, reload: () => live.reload() };
}
