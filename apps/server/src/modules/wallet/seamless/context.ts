import { toMajorString } from '@croupier/contracts/reference/index';
import type { Db } from '../../../db/client.ts';
import type { Sql, Statement } from '../../../db/lean-sql.ts';
import { publicNicknameOf } from '../../player/index.ts';
import type { AccountRow, Leg, Part } from '../ledger-types.ts';
import { applyMove, assertBalanced, hashOf } from '../move.ts';
import type { HouseAccounts } from './caches.ts';
import { invariant, SeamlessError } from './errors.ts';
import type { Funding } from './funding.ts';
import { tokenHashOf } from './launch.ts';
import type { MoneyRule, RuleEvent } from './rules.ts';
import { CLAIM, LOCK_BY_TOKEN, PRIOR } from './statements.ts';

export interface OkAnswer {
  status: 'OK';
  balance: string;
  currency: string;
  transactionId: string;
  ledgerTransactionId: string | null;
}

export type BetAction = {
  action: 'bet';
  transactionId: string;
  roundId: string;
  amount: string;
  currency: string;
  gameId?: string;
  /** A free round of casino-issued free spins (stake 0): the bonus rule checks it (decision 0065). */
  freeSpinId?: string;
};
export type WinAction = {
  action: 'win';
  transactionId: string;
  roundId: string;
  betTransactionId?: string;
  amount: string;
  currency: string;
  closeRound?: boolean;
};
export type RollbackAction = {
  action: 'rollback';
  transactionId: string;
  rollbackTransactionId: string;
  roundId: string;
};
export type Action = BetAction | WinAction | RollbackAction;

/** What a launch token binds: one player account (one currency), provider and game. */
export interface Session {
  tokenHash: string;
  playerId: string;
  accountId: string;
  providerId: string;
  gameId: string;
  currency: string;
  expiresAt: Date;
}

export interface SeamlessDeps {
  db: Db;
  houseAccounts: HouseAccounts;
  rules: readonly MoneyRule[];
  funding: Funding;
  now: () => Date;
}

/** One movement's (or one batch's) state: the open transaction, the token's session, the locked account. */
export interface MovementContext {
  sql: Sql;
  session: Session;
  /** The locked account as it is now (after earlier actions of a batch). */
  account: AccountRow;
  houseId: string;
  /** House accounts the rules' legs may use (in the movement's currency). */
  ruleHouses: Set<string>;
  /** The player's status as the locking statement read it (null: no player row). */
  playerStatus: number | null;
  /** The player's public display name, from the same statement (decision 0086). */
  playerName: string;
  /**
   * The transaction's only movement (not a batch): its last statement, the ledger move, carries the COMMIT
   * (decision 0088).
   */
  alone: boolean;
  deps: SeamlessDeps;
}

/** A stored seamless transaction under a claimed id. */
export interface Prior {
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  playerId: string;
  accountId: string;
  currency: string;
  roundId: string;
  amount: bigint;
  requestHash: string;
  answer: unknown;
  rolledBackAt: Date | null;
}

type LockedRow = AccountRow &
  Pick<Session, 'tokenHash' | 'gameId' | 'expiresAt'> & {
    playerStatus: number | null;
    playerNameSource: (string | null)[] | null;
  };

/** Resolves the token and locks its account in one statement: the player's requests queue from here on. */
export async function openMovement(
  sql: Sql,
  providerId: string,
  token: string,
  deps: SeamlessDeps,
  alone: boolean,
): Promise<MovementContext> {
  const [row] = await sql.query<LockedRow>(LOCK_BY_TOKEN, [tokenHashOf(token), providerId]);
  if (!row?.playerId) throw new SeamlessError('INVALID_TOKEN', 'Unknown token');
  const { tokenHash, gameId, expiresAt, playerStatus, playerNameSource, ...account } = row;
  const session: Session = {
    tokenHash,
    playerId: row.playerId,
    accountId: row.id,
    providerId,
    gameId,
    currency: row.currency,
    expiresAt,
  };
  const houseId = await deps.houseAccounts(sql, session.currency);
  const playerName = publicNicknameOf(playerNameSource);
  return { sql, session, account, houseId, ruleHouses: new Set(), playerStatus, playerName, alone, deps };
}

/** Same player, same account, same fields: the same request (a replay). */
export const requestHashOf = (ctx: MovementContext, action: Action) =>
  hashOf([ctx.session.playerId, ctx.session.accountId, action]);

export function answerOf(ctx: MovementContext, transactionId: string, ledgerId: string | null, account = ctx.account) {
  return {
    status: 'OK',
    balance: toMajorString(ctx.deps.funding.playable(account), account.currency),
    currency: account.currency,
    transactionId,
    ledgerTransactionId: ledgerId,
  } satisfies OkAnswer;
}

export interface Claim {
  kind: Prior['kind'];
  transactionId: string;
  roundId: string;
  amount: bigint;
  refTxId?: string | null;
  ledgerId: string | null;
  requestHash: string;
  answer: unknown;
  rolledBack?: boolean;
}

/** The claim's parameters $1–$13, in the order the claim statements take them. */
function claimValues(ctx: MovementContext, c: Claim): unknown[] {
  const { session } = ctx;
  return [
    session.providerId,
    c.transactionId,
    c.kind,
    c.roundId,
    session.playerId,
    ctx.account.id,
    session.currency,
    String(c.amount),
    c.refTxId ?? null,
    c.ledgerId,
    c.requestHash,
    JSON.stringify(c.answer),
    c.rolledBack ? ctx.deps.now() : null,
  ];
}

/** Claims the transaction id (the one idempotency check): null when claimed, else what holds it. */
export async function claim(ctx: MovementContext, c: Claim): Promise<Prior | null> {
  const inserted = await ctx.sql.query(CLAIM, claimValues(ctx, c));
  if (inserted.length > 0) return null;
  return heldBy(ctx, c.transactionId);
}

/**
 * Claims the transaction id and runs the command's round step in the same statement (CLAIM_BET, CLAIM_WIN:
 * the step runs only when the claim inserted). `row` is the statement's one row; `prior` what holds a used id.
 */
export async function claimWith<R extends { claimed: unknown }>(
  ctx: MovementContext,
  c: Claim,
  s: Statement,
  more: readonly unknown[],
): Promise<{ prior: Prior | null; row: R }> {
  const [row] = await ctx.sql.query<R>(s, [...claimValues(ctx, c), ...more]);
  invariant(row, `${s.name} answered no row`);
  return { prior: row.claimed === null ? await heldBy(ctx, c.transactionId) : null, row };
}

async function heldBy(ctx: MovementContext, transactionId: string): Promise<Prior> {
  const prior = await priorOf(ctx, transactionId);
  invariant(prior, `transaction id ${transactionId} neither claimed nor held`);
  return prior;
}

export async function priorOf(ctx: MovementContext, transactionId: string): Promise<Prior | null> {
  const [prior] = await ctx.sql.query<Prior>(PRIOR, [ctx.session.providerId, transactionId]);
  return prior ?? null;
}

/** A used id: the first answer for the same request, a conflict for anything else (from anyone). */
export function replay(ctx: MovementContext, prior: Prior, requestHash: string): OkAnswer {
  if (prior.requestHash !== requestHash) {
    throw new SeamlessError(
      'DUPLICATE_CONFLICT',
      'This transactionId was used for a different request',
      ctx.account.id,
    );
  }
  return prior.answer as OkAnswer;
}

/** The account after `delta` (the row stays locked; the move writes the same sums). */
export function applied(account: AccountRow, delta: Record<Part, bigint>): AccountRow {
  return {
    ...account,
    real: account.real + delta.real,
    bonus: account.bonus + delta.bonus,
    locked: account.locked + delta.locked,
  };
}

/** The player part changes of `legs` on the context's account. */
export function deltaOf(ctx: MovementContext, legs: readonly Leg[]): Record<Part, bigint> {
  const delta: Record<Part, bigint> = { real: 0n, bonus: 0n, locked: 0n };
  for (const leg of legs) if (leg.accountId === ctx.account.id) delta[leg.part] += leg.amount;
  return delta;
}

/**
 * Writes the ledger movement (one statement) and makes `after` the context's account. Legs may touch only
 * this account and house accounts (the game account, or those a rule names): never another player's.
 */
export async function move(
  ctx: MovementContext,
  kind: string,
  id: string,
  legs: Leg[],
  after: AccountRow,
  events: readonly RuleEvent[] = [],
  last = false,
) {
  const currencyOf = (accountId: string) => {
    invariant(
      accountId === ctx.account.id || accountId === ctx.houseId || ctx.ruleHouses.has(accountId),
      `leg on a foreign account ${accountId}`,
    );
    return ctx.session.currency;
  };
  assertBalanced(legs, currencyOf);
  for (const part of ['real', 'bonus', 'locked'] as const) invariant(after[part] >= 0n, `${part} would go negative`);
  await applyMove(ctx.sql, { id, kind, legs, after: [after], events, last });
  ctx.account = after;
}
