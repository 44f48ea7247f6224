import type { Sql } from '../../../db/lean-sql.ts';
import type { LedgerSource } from '../ledger-events.ts';
import type { AccountRow, Leg, Part } from '../ledger-types.ts';
import { type RefusalPublication, type SeamlessCode, SeamlessError } from './errors.ts';
import type { RoundRow } from './history.ts';

// Rule slots of the money path (decision 0021). A rule runs INSIDE the movement's transaction, after the
// player's account is locked and the transaction id claimed, before any money moves. It sees the movement,
// may refuse it with a typed reason, and may add legs or write its own counters through `sql` (the same
// transaction: a refusal anywhere later rolls its writes back too). Limits, bonus wagering, max bet and
// retention counters plug in here, passed to `createSeamlessWallet` as dependencies.

export type MovementKind = 'bet' | 'win' | 'rollback';

export interface Movement {
  kind: MovementKind;
  providerId: string;
  playerId: string;
  accountId: string;
  currency: string;
  gameId: string;
  roundId: string;
  transactionId: string;
  /** Minor units: the stake, the payout or the refund. */
  amount: bigint;
  /** The locked account before this movement. */
  account: AccountRow;
  /**
   * What the movement itself does to the account's parts (before any rule's legs): a stake's split between
   * real and bonus money (negative), a payout (positive), a rollback's refund of the bet's own parts.
   */
  parts: Record<Part, bigint>;
  /** A bet's free-spin id: a free round of casino-issued free spins (decision 0065). */
  freeSpinId?: string;
  /**
   * A rollback's cancelled bet: its provider transaction id and when it was taken (PostgreSQL's text, to the
   * microsecond), so a consumer of the bet's effects can undo exactly what that bet did (decision 0093).
   */
  cancelledBet?: { transactionId: string; at: string };
  /** The round as this movement left it, when the movement's own statement returned it (a win). */
  round?: RoundRow;
  /**
   * The player's status and bet block, read in this transaction by the statement that locked the account
   * (decisions 0081, 0106); null: no player row; absent: not read (the player-status rule reads it).
   */
  playerStatus?: PlayStatus | null;
  /** The player's public display name, read by the same statement (decision 0086). */
  playerName?: string;
}

export interface RuleContext {
  sql: Sql;
  movement: Movement;
  now: Date;
}

/** An outbox row a rule adds: written by the movement's own statement, so it costs no statement of its own. */
export interface RuleEvent {
  channel: string;
  event: string;
  data: unknown;
}

/** What a rule adds to the movement: more legs in the same ledger transaction (they must balance). */
export interface RuleEffect {
  legs?: Leg[];
  /** House accounts (the movement's currency) those legs use besides the game account. */
  houseAccountIds?: string[];
  /** Outbox events committed with the movement (published after commit, like the balance event). */
  events?: RuleEvent[];
  /**
   * Holds (true) or releases (false) the player's withdrawals on the movement's account (decision 0076),
   * written by the movement's own statement: a rule changes the wallet's flag without SQL of the wallet's.
   */
  withdrawalsHeld?: boolean;
  /**
   * Of the real money these legs add, what came out of the bonus part by a bonus's conversion (minor units,
   * >= 0): the ledger event reports it as bonus cost, not a win (decision 0121).
   */
  converted?: bigint;
  /** The campaign that converted money came from (the ledger event's `source`). */
  source?: LedgerSource;
  /** The movement belongs to a free round of casino-issued free spins: kept out of the games' RTP (0121). */
  freeRound?: boolean;
}

/** What the rules added to one movement. */
export interface RulesOutcome {
  legs: Leg[];
  events: RuleEvent[];
  /** The last rule's say on the account's withdrawal hold, if any. */
  withdrawalsHeld?: boolean;
  /** The rules' conversions summed (0n: none), their last source, and whether a rule saw a free round. */
  converted?: bigint;
  source?: LedgerSource;
  freeRound?: boolean;
}

/**
 * A value of the movement's player that the locking statement reads with the account (decision 0086), handed
 * to the wallet at wiring time by the module that owns it, so that its SQL stays there: `select` is a scalar
 * subquery of the player id (an SQL expression), `read` turns the value into what the movement carries.
 */
export interface LockColumn<T> {
  select(playerId: string): string;
  read(value: unknown): T;
}

/** What the player-status rule reads of the player (the player module's column, decision 0106). */
export interface PlayStatus {
  /** PlayerStatus: 1 active, 2 deposits restricted, 3 blocked, 4 self-excluded, 5 cooling-off. */
  status: number;
  /** A staff member's bet block (backoffice-api.md §4), apart from the status. */
  betBlocked: boolean;
}

export interface MoneyRule {
  readonly name: string;
  readonly kinds: readonly MovementKind[];
  apply(context: RuleContext): Promise<RuleEffect | undefined>;
}

/** Why a rule refuses; each reason has one protocol code. */
export type RefusalReason =
  | 'player_disabled'
  | 'self_excluded'
  | 'cooling_off'
  | 'limit_reached'
  | 'max_bet_exceeded'
  | 'bet_restricted'
  | 'free_spin_unavailable';

const codeOf: Record<RefusalReason, SeamlessCode> = {
  player_disabled: 'PLAYER_DISABLED',
  self_excluded: 'PLAYER_DISABLED',
  cooling_off: 'PLAYER_DISABLED',
  limit_reached: 'LIMIT_REACHED',
  max_bet_exceeded: 'LIMIT_REACHED',
  bet_restricted: 'LIMIT_REACHED',
  free_spin_unavailable: 'BET_NOT_FOUND',
};

/** Thrown by a rule: the movement is refused and nothing of it is kept. */
export class RuleRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    /** The player's notice (e.g. `game.bet.max.exceed` on `game:bets#{playerId}`), published after rollback. */
    readonly publication?: RefusalPublication,
  ) {
    super(message);
    this.name = 'RuleRefusal';
  }
}

/** Runs the rules for this movement in order; a refusal becomes the protocol's error. */
export async function applyRules(
  rules: readonly MoneyRule[],
  context: RuleContext,
  houses: Set<string>,
): Promise<RulesOutcome> {
  const legs: Leg[] = [];
  const events: RuleEvent[] = [];
  const outcome: RulesOutcome = { legs, events };
  for (const rule of rules) {
    if (!rule.kinds.includes(context.movement.kind)) continue;
    try {
      const effect = await rule.apply(context);
      if (!effect) continue;
      if (effect.legs) legs.push(...effect.legs);
      if (effect.events) events.push(...effect.events);
      if (effect.withdrawalsHeld !== undefined) outcome.withdrawalsHeld = effect.withdrawalsHeld;
      if (effect.converted) outcome.converted = (outcome.converted ?? 0n) + effect.converted;
      if (effect.source) outcome.source = effect.source;
      if (effect.freeRound) outcome.freeRound = true;
      for (const id of effect.houseAccountIds ?? []) houses.add(id);
    } catch (error) {
      if (!(error instanceof RuleRefusal)) throw error;
      throw new SeamlessError(codeOf[error.reason], error.message, context.movement.accountId, error.publication);
    }
  }
  return outcome;
}

/**
 * The player may play: status 1 (active) or 2 (deposits restricted) and no bet block; anything else refuses
 * bets. Wins and rollbacks always pass: a block never traps money in a round.
 */
export function playerMayPlay(statusOf: (sql: Sql, playerId: string) => Promise<PlayStatus | null>): MoneyRule {
  return {
    name: 'player-status',
    kinds: ['bet'],
    async apply({ sql, movement }) {
      // The locking statement read it; a movement built elsewhere (no status) reads it here.
      const play = movement.playerStatus === undefined ? await statusOf(sql, movement.playerId) : movement.playerStatus;
      if (play?.status !== 1 && play?.status !== 2) throw new RuleRefusal('player_disabled', 'The player may not play');
      if (play.betBlocked) throw new RuleRefusal('player_disabled', 'Bets are blocked on this account');
      return undefined;
    },
  };
}
