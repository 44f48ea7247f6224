import { randomUUID } from 'node:crypto';
import { enqueueIn } from '../../../outbox/index.ts';
import type { LedgerContext } from '../ledger-events.ts';
import type { Leg } from '../ledger-types.ts';
import { invariant } from './errors.ts';
import type { RoundRow } from './history.ts';
import { answerOf, applied, deltaOf, move } from './movement.ts';
import type { MovementContext, OkAnswer } from './movement-types.ts';
import { applyRules, type MovementKind, type RulesOutcome } from './rules.ts';
import { SET_ANSWER } from './statements.ts';

export interface Completion {
  kind: MovementKind;
  transactionId: string;
  roundId: string;
  gameId: string;
  /** Minor units of the stake, payout or refund. */
  amount: bigint;
  legs: Leg[];
  /** The ledger transaction id the claim announced (null: nothing was to move). */
  ledgerId: string | null;
  /** The answer the claim stored. */
  answer: OkAnswer;
  freeSpinId?: string;
  /** The round after this movement, when its statement returned it (a win). */
  round?: RoundRow;
  /** A rollback's cancelled bet (decision 0093). */
  cancelledBet?: { transactionId: string; at: string };
}

/**
 * The end every command shares: the rules run under the account lock (and may refuse or add legs), then
 * the movement is written in one statement. When a rule's legs change what the claim announced, the
 * stored answer follows, so a replay still gets exactly what this request got.
 */
export async function complete(ctx: MovementContext, c: Completion): Promise<OkAnswer> {
  const movement = {
    kind: c.kind,
    providerId: ctx.session.providerId,
    playerId: ctx.session.playerId,
    accountId: ctx.account.id,
    currency: ctx.session.currency,
    gameId: c.gameId,
    roundId: c.roundId,
    transactionId: c.transactionId,
    amount: c.amount,
    account: ctx.account,
    parts: deltaOf(ctx, c.legs),
    ...(c.freeSpinId ? { freeSpinId: c.freeSpinId } : {}),
    ...(c.cancelledBet ? { cancelledBet: c.cancelledBet } : {}),
    round: c.round,
    playerStatus: ctx.playerStatus,
    playerName: ctx.playerName,
  };
  const rules = await applyRules(ctx.deps.rules, { sql: ctx.sql, movement, now: ctx.deps.now() }, ctx.ruleHouses);
  const extra = rules.legs;
  const legs = [...c.legs, ...extra];
  if (legs.length === 0) {
    // Nothing moves (a zero win settling a round): the rules' events still go out, in a statement of their own.
    invariant(rules.withdrawalsHeld === undefined, 'a withdrawal hold needs a movement of the account');
    await enqueueIn(ctx.sql, rules.events, { last: ctx.alone });
    return c.answer;
  }
  const ledgerId = c.ledgerId ?? randomUUID();
  const after = applied(ctx.account, deltaOf(ctx, legs));
  let answer = c.answer;
  if (extra.length > 0) {
    answer = answerOf(ctx, c.transactionId, ledgerId, after);
    if (answer.balance !== c.answer.balance || ledgerId !== c.ledgerId) {
      await ctx.sql.query(SET_ANSWER, [ctx.session.providerId, c.transactionId, JSON.stringify(answer), ledgerId]);
    }
  }
  await move(ctx, `game.${c.kind}`, ledgerId, legs, after, rules, ctx.alone, ledgerOf(ctx, c, rules));
  return answer;
}

/** The ledger event's game context, conversion and campaign (decision 0121); false when the reports are off. */
function ledgerOf(ctx: MovementContext, c: Completion, rules: RulesOutcome): LedgerContext | false {
  if (!ctx.deps.ledgerEvents) return false;
  const game = {
    providerId: ctx.session.providerId,
    gameId: c.gameId,
    roundId: c.roundId,
    transactionId: c.transactionId,
    movement: c.kind,
    amount: String(c.amount),
    freeSpin: c.freeSpinId !== undefined || rules.freeRound === true,
  };
  return { game, converted: rules.converted ?? 0n, ...(rules.source ? { source: rules.source } : {}) };
}
