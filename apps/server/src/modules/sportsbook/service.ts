import { randomInt } from 'node:crypto';
import type { LaunchParams } from '@croupier/contracts/launch-link';
import { subunitOf, toMinor } from '@croupier/contracts/reference/index';
import type { SportsbookSession } from '@croupier/contracts/sportsbook';
import type { SeamlessClient } from '../studio/index.ts';
import { refusal, sessionNotFound } from './errors.ts';
import { eventViews } from './events.ts';
import type { SessionRow, Store } from './store.ts';
import { closeTicket, placeTicket, rethrow, stakeLimits, type TicketDeps } from './tickets.ts';
import { betView } from './views.ts';

export interface SportsbookDeps {
  wallet: SeamlessClient;
  store: Store;
  /** A number in [0, 1) per settlement; tests fix the result. */
  random?: () => number;
  startedAt?: number;
}

/** The sandbox sportsbook: sessions, and tickets placed, settled and cashed out through the wallet (decision 0071). */
export function createSportsbook({ wallet, store, random, startedAt = Date.now() }: SportsbookDeps) {
  const deps: TicketDeps = { wallet, store, draw: random ?? (() => randomInt(0, 2 ** 32) / 2 ** 32) };
  const load = (id: unknown): SessionRow => {
    const session = typeof id === 'string' && /^[A-Za-z0-9_-]{43}$/.test(id) ? store.get(id) : null;
    if (!session) throw sessionNotFound();
    return session;
  };

  async function session(id: unknown): Promise<SportsbookSession> {
    const s = load(id);
    const answer = await wallet.call('balance', { token: s.token }).catch(rethrow);
    if (answer.kind === 'refused') throw refusal(answer);
    const limits = stakeLimits(s.currency);
    return {
      currency: s.currency,
      subunitToUnit: subunitOf(s.currency),
      balance: toMinor(answer.body.balance, s.currency).toString(),
      locale: s.locale,
      lobbyUrl: s.lobby,
      minStake: String(limits.min),
      maxStake: String(limits.max),
      events: eventViews(startedAt),
      bets: [...s.bets.values()].reverse().map(betView),
    };
  }

  return {
    open: (p: LaunchParams) => store.open(p).id,
    exists: (id: string) => store.get(id) !== null,
    /** The session's locale for its page ('en' when unknown). */
    localeOf: (id: string) => store.get(id)?.locale ?? 'en',
    session,
    place: (id: unknown, body: unknown) => placeTicket(deps, load(id), body),
    settle: (id: unknown, betId: unknown) => closeTicket(deps, load(id), betId, 'settle'),
    cashOut: (id: unknown, betId: unknown) => closeTicket(deps, load(id), betId, 'cash-out'),
  };
}

export type Sportsbook = ReturnType<typeof createSportsbook>;
