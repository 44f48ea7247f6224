import { randomUUID } from 'node:crypto';
import { amountOf } from './amounts.ts';
import { claimWith, replay, requestHashOf } from './claim.ts';
import { complete } from './complete.ts';
import { SeamlessError } from './errors.ts';
import { legsOf } from './funding.ts';
import { answerOf, applied } from './movement.ts';
import type { BetAction, MovementContext, OkAnswer, Prior } from './movement-types.ts';
import { refuseRound } from './refusals.ts';
import { BURY_BET, CLAIM_BET, ROUND_BET } from './statements.ts';

/** Debits a stake: claim the id with the round (one statement), check funds, rules, one-statement move. */
export async function bet(ctx: MovementContext, action: BetAction): Promise<OkAnswer> {
  const { session, deps } = ctx;
  if (session.expiresAt <= deps.now())
    throw new SeamlessError('TOKEN_EXPIRED', 'The game token has expired', ctx.account.id);
  if (action.currency !== session.currency) {
    throw new SeamlessError('CURRENCY_MISMATCH', `The session plays in ${session.currency}`, ctx.account.id);
  }
  const amount = amountOf(action.amount, session.currency);
  const requestHash = requestHashOf(ctx, action);
  const stake = amount > 0n ? deps.funding.stake(ctx.account, amount) : {};
  const { legs, delta } = legsOf(ctx.account.id, ctx.houseId, stake ?? {});
  const ledgerId = legs.length > 0 ? randomUUID() : null;
  const answer = answerOf(ctx, action.transactionId, ledgerId, applied(ctx.account, delta));
  const gameId = action.gameId ?? session.gameId;
  // The claim and the round in one statement; the round is touched only when the claim inserted.
  const claimed = { kind: 'bet', transactionId: action.transactionId, roundId: action.roundId, amount } as const;
  const { prior, row } = await claimWith<{ claimed: unknown; round: string | null }>(
    ctx,
    { ...claimed, ledgerId, requestHash, answer },
    CLAIM_BET,
    [gameId],
  );
  if (prior?.kind === 'tombstone') return buried(ctx, action, prior, amount, requestHash);
  if (prior) return replay(ctx, prior, requestHash);
  // Funds are decided after the claim: a replay of an accepted bet is answered, never decided again (a
  // refusal rolls the round back with the claim).
  if (stake === null) throw new SeamlessError('INSUFFICIENT_FUNDS', 'Insufficient funds', ctx.account.id);
  if (row.round === null) await refuseRound(ctx, action.roundId, 'bet');
  return complete(ctx, {
    kind: 'bet',
    transactionId: action.transactionId,
    roundId: action.roundId,
    gameId,
    amount,
    legs,
    ledgerId,
    answer,
    ...(action.freeSpinId ? { freeSpinId: action.freeSpinId } : {}),
  });
}

async function openRound(ctx: MovementContext, roundId: string, gameId: string, amount: bigint, status: string) {
  const { session } = ctx;
  const values = [session.providerId, roundId, session.playerId, gameId, session.currency, String(amount), status];
  const [round] = await ctx.sql.query(ROUND_BET, values);
  if (!round) await refuseRound(ctx, roundId, 'bet');
}

/**
 * The bet's rollback came first and left a tombstone under its id. The same account's bet is accepted and
 * cancelled at once (nothing moves); anyone else's bet under that id is refused.
 */
async function buried(
  ctx: MovementContext,
  action: BetAction,
  tombstone: Prior,
  amount: bigint,
  requestHash: string,
): Promise<OkAnswer> {
  if (tombstone.accountId !== ctx.account.id) {
    throw new SeamlessError(
      'DUPLICATE_CONFLICT',
      'This transactionId was cancelled by an earlier rollback',
      ctx.account.id,
    );
  }
  const answer = answerOf(ctx, action.transactionId, null);
  await ctx.sql.query(BURY_BET, [
    ctx.session.providerId,
    action.transactionId,
    String(amount),
    requestHash,
    JSON.stringify(answer),
  ]);
  await openRound(ctx, action.roundId, action.gameId ?? ctx.session.gameId, 0n, 'rolled_back');
  return answer;
}
