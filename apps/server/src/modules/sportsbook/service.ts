import { randomBytes, randomInt } from 'node:crypto';
import type { LaunchParams } from '@croupier/contracts/launch-link';
import { subunitOf, toMajorString, toMinor } from '@croupier/contracts/reference/index';
import {
  SPORTSBOOK_GAME_ID,
  type SportsbookBetAnswer,
  SportsbookBetInput,
  type SportsbookSession,
} from '@croupier/contracts/sportsbook';
import { type SeamlessClient, SeamlessUnavailable } from '../studio/index.ts';
import { invalid, refusal, SportsbookError, sessionNotFound, unavailable } from './errors.ts';
import { drawResult, EVENTS, eventViews, findOutcome } from './events.ts';
import type { BetRow, SessionRow, Store } from './store.ts';
import { betView, cashOutOf, winOf } from './views.ts';

export interface SportsbookDeps {
  wallet: SeamlessClient;
  store: Store;
  /** A number in [0, 1) per settlement; tests fix the result. */
  random?: () => number;
  startedAt?: number;
}

const stakeLimits = (currency: string) => {
  const subunit = BigInt(subunitOf(currency));
  return { min: subunit / 10n > 0n ? subunit / 10n : 1n, max: 1000n * subunit };
};

/** The sandbox sportsbook: bets, settlement and cash-out, each one signed seamless call (decision 0071). */
export function createSportsbook({ wallet, store, random, startedAt = Date.now() }: SportsbookDeps) {
  const draw = random ?? (() => randomInt(0, 2 ** 32) / 2 ** 32);
  const load = (id: unknown): SessionRow => {
    const session = typeof id === 'string' && /^[A-Za-z0-9_-]{43}$/.test(id) ? store.get(id) : null;
    if (!session) throw sessionNotFound();
    return session;
  };
  const minorOf = (s: SessionRow, balance: string) => String(toMinor(balance, s.currency));

  async function balanceOf(s: SessionRow): Promise<string> {
    const answer = await wallet.call('balance', { token: s.token }).catch(rethrow);
    if (answer.kind === 'refused') throw refusal(answer);
    return minorOf(s, answer.body.balance);
  }

  /** Settles or cashes out: one win closing the round; its amount and id fixed before the call, so a retry resends it. */
  async function close(sessionId: unknown, betId: unknown, kind: 'settle' | 'cash-out'): Promise<SportsbookBetAnswer> {
    const s = load(sessionId);
    const bet = typeof betId === 'string' ? s.bets.get(betId) : undefined;
    if (!bet) throw new SportsbookError(404, 'bet_not_found', 'Unknown bet.');
    if (bet.status !== 'open' || bet.closing)
      throw new SportsbookError(409, 'bet_closed', 'This bet is already settled.');
    bet.closing = true;
    if (!bet.pending) {
      const event = EVENTS.find((e) => e.id === bet.eventId)!;
      const result = kind === 'settle' ? drawResult(event, draw()) : null;
      const amount = kind === 'cash-out' ? cashOutOf(bet) : result === bet.outcomeId ? winOf(bet) : 0n;
      bet.pending = { kind, result, amount };
    }
    const { pending } = bet;
    try {
      const answer = await wallet
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
      return { bet: betView(bet), balance: minorOf(s, answer.body.balance) };
    } finally {
      bet.closing = false;
    }
  }

  return {
    open: (p: LaunchParams) => store.open(p).id,
    /** The session's locale for its page ('en' when unknown). */
    localeOf: (id: string) => store.get(id)?.locale ?? 'en',
    exists: (id: string) => {
      try {
        load(id);
        return true;
      } catch {
        return false;
      }
    },
    async session(id: unknown): Promise<SportsbookSession> {
      const s = load(id);
      const limits = stakeLimits(s.currency);
      return {
        currency: s.currency,
        subunitToUnit: subunitOf(s.currency),
        balance: await balanceOf(s),
        locale: s.locale,
        lobbyUrl: s.lobby,
        minStake: String(limits.min),
        maxStake: String(limits.max),
        events: eventViews(startedAt),
        bets: [...s.bets.values()].reverse().map(betView),
      };
    },
    place: (id: unknown, body: unknown) => place(load(id), body),
    settle: (id: unknown, betId: unknown) => close(id, betId, 'settle'),
    cashOut: (id: unknown, betId: unknown) => close(id, betId, 'cash-out'),
  };

  async function place(s: SessionRow, body: unknown): Promise<SportsbookBetAnswer> {
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
    const bet: BetRow = {
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
    if (!store.addBet(s, bet)) throw new SportsbookError(409, 'too_many_bets', 'Too many bets in this session.');
    try {
      const answer = await wallet.call('bet', {
        token: s.token,
        transactionId: `${bet.id}:bet`,
        roundId: bet.id,
        amount: toMajorString(stake, s.currency),
        currency: s.currency,
        gameId: SPORTSBOOK_GAME_ID,
      });
      if (answer.kind === 'refused') throw refusal(answer);
      bet.closing = false;
      return { bet: betView(bet), balance: minorOf(s, answer.body.balance) };
    } catch (error) {
      s.bets.delete(bet.id);
      if (error instanceof SeamlessUnavailable) {
        await cancel(s, bet);
        throw unavailable();
      }
      throw error;
    }
  }

  /** A bet without an answer may have been taken: its rollback (best effort; the wallet keeps a tombstone). */
  async function cancel(s: SessionRow, bet: BetRow): Promise<void> {
    await wallet
      .call('rollback', {
        token: s.token,
        transactionId: `${bet.id}:rollback`,
        rollbackTransactionId: `${bet.id}:bet`,
        roundId: bet.id,
      })
      .catch(() => undefined);
  }
}

function rethrow(error: unknown): never {
  if (error instanceof SeamlessUnavailable) throw unavailable();
  throw error;
}

export type Sportsbook = ReturnType<typeof createSportsbook>;
