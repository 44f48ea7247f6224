/**
 * The studio's free-round API (docs/studio-api.md §2 "Free rounds", decision 0065): how the casino awards and
 * withdraws a player's free spins at the provider. In one process it is a direct call to the studio; a remote
 * provider would take the same grant over its HTTP API. Types only, so nothing here reaches a bundle.
 */

/** One award: the casino's free-spin id, for one player (by reference), game and currency, at a fixed bet. */
export interface FreeRoundGrant {
  /** The casino's free-spin id: every free round's seamless bet carries it. */
  id: string;
  /** The player reference of the launch link (`playerRefOf`, @croupier/contracts/launch-link). */
  playerRef: string;
  /** The studio's game identity (the seamless `gameId`). */
  game: string;
  currency: string;
  count: number;
  /** Minor units per round. */
  bet: bigint;
  expiresAt: Date | null;
}

/** The calls the casino makes: both idempotent by the award's id. */
export interface StudioFreeRoundsApi {
  /** Adds or refreshes an award (the same award twice is one). */
  grantFreeRounds(grant: FreeRoundGrant): Promise<void>;
  /** Withdraws an award (cancelled, expired or finished): no more of its rounds are offered. */
  withdrawFreeRounds(freeRoundId: string): Promise<void>;
}
