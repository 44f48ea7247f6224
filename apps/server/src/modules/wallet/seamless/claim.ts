import type { Statement } from '../../../db/lean-sql.ts';
import { hashOf } from '../move.ts';
import { invariant, SeamlessError } from './errors.ts';
import type { Action, Claim, MovementContext, OkAnswer, Prior } from './movement-types.ts';
import { CLAIM, PRIOR } from './statements.ts';

// The one idempotency check (decision 0021): a movement claims its transaction id with the answer it will give;
// a used id answers the first request's answer again, or a conflict.

/** Same player, same account, same fields: the same request (a replay). */
export const requestHashOf = (ctx: MovementContext, action: Action) =>
  hashOf([ctx.session.playerId, ctx.session.accountId, action]);

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
