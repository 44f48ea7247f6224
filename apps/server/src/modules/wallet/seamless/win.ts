import { randomUUID } from 'node:crypto';
import { amountOf } from './amounts.ts';
import { claimWith, replay, requestHashOf } from './claim.ts';
import { complete } from './complete.ts';
import { SeamlessError } from './errors.ts';
import { legsOf } from './funding.ts';
import { roundOf } from './history.ts';
import { answerOf, applied } from './movement.ts';
import type { MovementContext, OkAnswer, WinAction } from './movement-types.ts';
import { refuseRound } from './refusals.ts';
import { CLAIM_WIN } from './statements.ts';

/** Credits a payout into an open round of this player, account and currency (after expiry too). */
export async function win(ctx: MovementContext, action: WinAction): Promise<OkAnswer> {
  const { session, deps } = ctx;
  if (action.currency !== session.currency) {
    throw new SeamlessError('CURRENCY_MISMATCH', `The session plays in ${session.currency}`, ctx.account.id);
  }
  const amount = amountOf(action.amount, session.currency);
  const requestHash = requestHashOf(ctx, action);
  const { legs, delta } = legsOf(
    ctx.account.id,
    ctx.houseId,
    amount > 0n ? deps.funding.payout(ctx.account, amount) : {},
  );
  const ledgerId = legs.length > 0 ? randomUUID() : null;
  const answer = answerOf(ctx, action.transactionId, ledgerId, applied(ctx.account, delta));
  const claimed = { kind: 'win', transactionId: action.transactionId, roundId: action.roundId, amount } as const;
  // The claim and the payout into the round in one statement; the round is touched only when the claim inserted.
  const { prior, row } = await claimWith<Record<string, unknown> & { claimed: unknown }>(
    ctx,
    { ...claimed, refTxId: action.betTransactionId, ledgerId, requestHash, answer },
    CLAIM_WIN,
    [action.closeRound === true],
  );
  if (prior) return replay(ctx, prior, requestHash);
  const round = row.round_id === null ? undefined : row;
  if (!round) await refuseRound(ctx, action.roundId, 'win');
  return complete(ctx, {
    kind: 'win',
    transactionId: action.transactionId,
    roundId: action.roundId,
    gameId: session.gameId,
    amount,
    legs,
    ledgerId,
    answer,
    round: round ? roundOf(round) : undefined,
  });
}
