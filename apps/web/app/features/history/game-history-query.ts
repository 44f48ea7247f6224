/** Rows per page of the bets and spins history (api-contract §9). */
export const GAME_HISTORY_PER_PAGE = 10;

/** GET /api/game/bets: settled rounds by default (spec §9), open ones with isSettled=false. */
export const betsQuery = (page: number, isSettled = true) => ({
  page,
  perPage: GAME_HISTORY_PER_PAGE,
  isSettled: isSettled ? ('true' as const) : ('false' as const),
});

/** GET /api/game/spins. */
export const spinsQuery = (page: number) => ({ page, perPage: GAME_HISTORY_PER_PAGE });

/** A long round id shortened for the row (the full one is copied and shown on hover). */
export const shortId = (id: string, keep = 10) => (id.length > keep + 1 ? `${id.slice(0, keep)}…` : id);

/** More than one item is a combo ticket (api-contract §9). */
export const isCombo = (bet: { items: readonly unknown[] }) => bet.items.length > 1;
