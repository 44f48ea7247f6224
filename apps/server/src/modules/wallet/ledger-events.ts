// What the ledger tells the rest of the casino about every movement of a player's money (issue 28, decision
// 0121): one internal outbox row per player account a movement touches, written by the movement's own statement
// (`applyMove`), so every way money moves (bets, wins, rollbacks, deposits, withdrawals, bonuses, prizes,
// adjustments) is reported by one writer, exactly as the ledger applied it. Internal: never published to a
// player or to Redis. The reporting module keeps its rollups from it.

/** The outbox channel of ledger events. */
export const LEDGER_CHANNEL = 'internal:ledger';

/** The game context of a seamless movement. */
export interface LedgerGame {
  providerId: string;
  /** The game's identity (`provider-game`). */
  gameId: string;
  /** The provider's round id. */
  roundId: string;
  /** The provider's transaction id. */
  transactionId: string;
  /** 'bet', 'win' or 'rollback'. */
  movement: 'bet' | 'win' | 'rollback';
  /** The movement's own amount (the stake, the payout, the refund), minor units, before any rule's legs. */
  amount: string;
  /** A free round of casino-issued free spins (its stake is the house's). */
  freeSpin: boolean;
}

/** Where promotional money came from, when the movement knows (a bonus definition, a quest, a tournament…). */
export interface LedgerSource {
  /** CampaignKind (contracts): bonus, free_spins, cashback, quest, wheel, tournament, referral. */
  kind: string;
  /** The campaign's id; absent when the source names none. */
  id?: string;
}

export interface LedgerMoved {
  kind: 'ledger.moved';
  /** wallet.transactions.id */
  ledgerId: string;
  /** The ledger transaction's kind: 'game.bet', 'payment.deposit', 'bonus.credit', … */
  type: string;
  playerId: string;
  accountId: string;
  currency: string;
  /** The player's part changes in this movement, minor units as decimal strings (signed). */
  real: string;
  bonus: string;
  locked: string;
  /**
   * Of `real`, the part that came out of the bonus part by a bonus's conversion (wagering complete), minor
   * units, >= 0: bonus cost, not a win.
   */
  converted: string;
  /** ISO 8601: the movement's time, the UTC day it counts on. */
  at: string;
  game?: LedgerGame;
  source?: LedgerSource;
}

/**
 * What a movement's caller adds to its ledger events besides the deltas, which `applyMove` takes from the legs.
 * `converted` belongs to a movement of one player account (the seamless path's).
 */
export interface LedgerContext {
  game?: LedgerGame;
  source?: LedgerSource;
  converted?: bigint;
}
