import { randomBytes } from 'node:crypto';
import { subunitOf, toMajorString, toMinor } from '@croupier/contracts/reference/index';
import { SPORTSBOOK_GAME_ID, type SportsbookBetAnswer, SportsbookBetInput } from '@croupier/contracts/sportsbook';
import { type SeamlessClient, SeamlessUnavailable } from '../studio/index.ts';
import { invalid, refusal, SportsbookError, unavailable } from './errors.ts';
import { drawResult, EVENTS, findOutcome } from './events.ts';
import type { BetRow, SessionRow, Store } from './store.ts';
import { betView, cashOutOf, winOf } from './views.ts';

/** What the ticket commands need: the signed wallet client, the store and the result draw. */
export interface TicketDeps {
  wallet: SeamlessClient;
  store: Store;
  /** A number in [0, 1) per settlement. */
  draw: () => number;
}

/** Smallest and largest stake in minor units: 0.1 and 1000 units of the currency. */
export function stakeLimits(currency: string): { min: bigint; max: bigint } {
  const subunit = BigInt(subunitOf(currency));
  return { min: subunit / 10n > 0n ? subunit / 10n : 1n, max: 1000n * subunit };
}

/** A transport failure as the player's 503; anything else as it was. */
export function rethrow(error: unknown): never {
  if (error instanceof SeamlessUnavailable) throw unavailable();
  throw error;
}

/** The checked input of a new ticket, or a 422 naming the field. */
function ticketOf(s: SessionRow, body: unknown): BetRow {
  const parsed = SportsbookBetInput.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(String(issue.path[0] ?? 'body'), issue.message);
  }
  const { eventId, outcomeId, stake: stakeText } = parsed.data;
  const found = findOutcome(eventId, outcomeId);
  if (!found) throw invalid(EVENTS.some((e) => e.id === eventId) ? 'outcomeId' : 'eventId', 'Unknown selection.');
  const stake = BigInt(stakeText);
  const limits = stakeLimits(s.currency);
  if (stake < limits.min || stake > limits.max) {
    throw invalid('stake', `The stake must be between ${limits.min} and ${limits.max} minor units.`);
  }
  return {
    id: `sb-${randomBytes(12).toString('base64url')}`,
    eventId,
    outcomeId,
    odds: found.outcome.odds,
    stake,
    status: 'open',
    closing: true,
    pending: null,
    resultOutcomeId: null,
    payout: 0n,
    createdAt: new Date(),
  };
}

/** A ticket: one seamless bet opening its round (round id = ticket id). Unanswered: rolled back, 503. */
export async function placeTicket(deps: TicketDeps, s: SessionRow, body: unknown): Promise<SportsbookBetAnswer> {
  const bet = ticketOf(s, body);
  if (!deps.store.addBet(s, bet)) throw new SportsbookError(409, 'too_many_bets', 'Too many bets in this session.');
  try {
    const answer = await deps.wallet.call('bet', {
      token: s.token,
      transactionId: `${bet.id}:bet`,
      roundId: bet.id,
      amount: toMajorString(bet.stake, s.currency),
      currency: s.currency,
      gameId: SPORTSBOOK_GAME_ID,
    });
    if (answer.kind === 'refused') throw refusal(answer);
    bet.closing = false;
    return { bet: betView(bet), balance: toMinor(answer.body.balance, s.currency).toString() };
  } catch (error) {
    s.bets.delete(bet.id);
    if (error instanceof SeamlessUnavailable) {
      // The bet may have been taken: its rollback, best effort (the wallet keeps a tombstone either way).
      await deps.wallet
        .call('rollback', {
          token: s.token,
          transactionId: `${bet.id}:rollback`,
          rollbackTransactionId: `${bet.id}:bet`,
          roundId: bet.id,
        })
        .catch(() => undefined);
      throw unavailable();
    }
    throw error;
  }
}

/**
 * Settles (result drawn) or cashes out a ticket: one win closing its round. The kind, result and amount are
 * fixed on the ticket before the call, so a retry after no answer resends exactly the same request.
 */
export async function closeTicket(
  deps: TicketDeps,
  s: SessionRow,
  betId: unknown,
  kind: 'settle' | 'cash-out',
): Promise<SportsbookBetAnswer> {
  const bet = typeof betId === 'string' ? s.bets.get(betId) : undefined;
  if (!bet) throw new SportsbookError(404, 'bet_not_found', 'Unknown bet.');
  if (bet.status !== 'open' || bet.closing)
    throw new SportsbookError(409, 'bet_closed', 'This bet is already settled.');
  bet.closing = true;
  if (!bet.pending) {
    const event = EVENTS.find((e) => e.id === bet.eventId)!;
    const result = kind === 'settle' ? drawResult(event, deps.draw()) : null;
    const amount = kind === 'cash-out' ? cashOutOf(bet) : result === bet.outcomeId ? winOf(bet) : 0n;
    bet.pending = { kind, result, amount };
  }
  const { pending } = bet;
  try {
    const answer = await deps.wallet
      .call('win', {
        token: s.token,
        transactionId: `${bet.id}:${pending.kind}`,
        roundId: bet.id,
        betTransactionId: `${bet.id}:bet`,
        amount: toMajorString(pending.amount, s.currency),
        currency: s.currency,
        closeRound: true,
      })
      .catch(rethrow);
    if (answer.kind === 'refused') throw refusal(answer);
    bet.status = pending.kind === 'cash-out' ? 'cashed_out' : pending.amount > 0n ? 'won' : 'lost';
    bet.resultOutcomeId = pending.result;
    bet.payout = pending.amount;
    return { bet: betView(bet), balance: toMinor(answer.body.balance, s.currency).toString() };
  } finally {
    bet.closing = false;
  }
}
