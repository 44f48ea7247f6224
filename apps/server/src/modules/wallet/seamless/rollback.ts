import { randomUUID } from 'node:crypto';
import type { Part } from '../ledger-types.ts';
import { claim, priorOf, replay, requestHashOf } from './claim.ts';
import { complete } from './complete.ts';
import { SeamlessError } from './errors.ts';
import { legsOf } from './funding.ts';
import { answerOf, applied } from './movement.ts';
import type { MovementContext, OkAnswer, RollbackAction } from './movement-types.ts';
import { CANCEL_BET, ROUND_BET, ROUND_ROLLBACK } from './statements.ts';

interface Cancelled {
  amount: bigint;
  /** The bet's own entries on the player account, negated: the refund per part (decimal strings). */
  parts: Partial<Record<Part, string>>;
  /** When the bet was taken (PostgreSQL's text, to the microsecond). */
  betAt: string;
}

/**
 * Cancels a live bet of this account in this round while the round is open and has paid nothing: the refund
 * reverses the bet's own ledger entries. Anything else is answered by `withoutLiveBet`.
 */
export async function rollback(ctx: MovementContext, action: RollbackAction): Promise<OkAnswer> {
  const { session } = ctx;
  const requestHash = requestHashOf(ctx, action);
  const [bet] = await ctx.sql.query<Cancelled>(CANCEL_BET, [
    session.providerId,
    action.rollbackTransactionId,
    ctx.account.id,
    action.roundId,
  ]);
  if (!bet) return withoutLiveBet(ctx, action, requestHash);
  const refund = Object.fromEntries(Object.entries(bet.parts).map(([part, text]) => [part, BigInt(text as string)]));
  const { legs, delta } = legsOf(ctx.account.id, ctx.houseId, refund);
  const ledgerId = legs.length > 0 ? randomUUID() : null;
  const answer = answerOf(ctx, action.transactionId, ledgerId, applied(ctx.account, delta));
  const prior = await claim(ctx, {
    kind: 'rollback',
    transactionId: action.transactionId,
    roundId: action.roundId,
    amount: bet.amount,
    refTxId: action.rollbackTransactionId,
    ledgerId,
    requestHash,
    answer,
  });
  // The bet was live, so this id cannot be this rollback's replay: it was used for something else.
  if (prior) throw replayConflict(ctx);
  await ctx.sql.query(ROUND_ROLLBACK, [session.providerId, action.roundId, String(bet.amount)]);
  return complete(ctx, {
    kind: 'rollback',
    transactionId: action.transactionId,
    roundId: action.roundId,
    gameId: session.gameId,
    amount: bet.amount,
    legs,
    ledgerId,
    answer,
    cancelledBet: { transactionId: action.rollbackTransactionId, at: bet.betAt },
  });
}

const replayConflict = (ctx: MovementContext) =>
  new SeamlessError('DUPLICATE_CONFLICT', 'This transactionId was used for a different request', ctx.account.id);

/**
 * No live bet to cancel: a replay; a rollback before its bet (a tombstone blocks the bet's id for everyone);
 * a bet cancelled already (OK, nothing more); or a refusal: not a bet of this account and round, or a round
 * that closed or paid (a rollback then would refund a stake the round already settled).
 */
async function withoutLiveBet(ctx: MovementContext, action: RollbackAction, requestHash: string): Promise<OkAnswer> {
  const own = await priorOf(ctx, action.transactionId);
  if (own) return replay(ctx, own, requestHash);
  const accountId = ctx.account.id;
  const bet = await priorOf(ctx, action.rollbackTransactionId);
  const nothingMoved = async () => {
    const answer = answerOf(ctx, action.transactionId, null);
    const prior = await claim(ctx, {
      kind: 'rollback',
      transactionId: action.transactionId,
      roundId: action.roundId,
      amount: 0n,
      refTxId: action.rollbackTransactionId,
      ledgerId: null,
      requestHash,
      answer,
    });
    if (prior) throw replayConflict(ctx);
    return answer;
  };
  if (!bet) {
    // The round is taken for this player and currency as a cancelled one (its first use), like a bet would.
    const { session } = ctx;
    const values = [
      session.providerId,
      action.roundId,
      session.playerId,
      session.gameId,
      session.currency,
      '0',
      'rolled_back',
    ];
    const [round] = await ctx.sql.query(ROUND_BET, values);
    if (!round)
      throw new SeamlessError(
        'BET_NOT_FOUND',
        `No bet ${action.rollbackTransactionId} in round ${action.roundId}`,
        accountId,
      );
    const answer = await nothingMoved();
    const taken = await claim(ctx, {
      kind: 'tombstone',
      transactionId: action.rollbackTransactionId,
      roundId: action.roundId,
      amount: 0n,
      refTxId: action.transactionId,
      ledgerId: null,
      requestHash: 'tombstone',
      answer: {},
      rolledBack: true,
    });
    // The bet arrived meanwhile on another account (this one is locked): not ours to cancel.
    if (taken)
      throw new SeamlessError(
        'BET_NOT_FOUND',
        `${action.rollbackTransactionId} is not a bet of this account`,
        accountId,
      );
    return answer;
  }
  const ours = bet.accountId === accountId && (bet.kind === 'bet' || bet.kind === 'tombstone');
  if (!ours)
    throw new SeamlessError('BET_NOT_FOUND', `${action.rollbackTransactionId} is not a bet of this account`, accountId);
  if (bet.roundId !== action.roundId) {
    throw new SeamlessError(
      'BET_NOT_FOUND',
      `${action.rollbackTransactionId} is not in round ${action.roundId}`,
      accountId,
    );
  }
  if (bet.rolledBackAt) return nothingMoved();
  throw new SeamlessError(
    'INVALID_REQUEST',
    `Round ${action.roundId} has settled or paid: its bets cannot be rolled back`,
    accountId,
  );
}
