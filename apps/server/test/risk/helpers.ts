import { randomUUID } from 'node:crypto';
import { seedGames } from '../../src/modules/game/seed.ts';
import { MemoryPublisher } from '../../src/outbox/index.ts';
import { registerPlayer } from '../player/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';

/** A clock the risk module reads; tests move it across the 24-hour delays. */
export function testClock(start = Date.now()) {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const uid = (prefix: string) => `${prefix}-${randomUUID()}`;

/** The body of a bet (1), loss (2) or deposit (3) limit in EUR, daily unless told. */
export const cashLimit = (definition: number, amount: number, period = 'daily') => ({
  definition,
  period,
  currency: 'EUR',
  amount,
});

export interface RiskTestApp extends SeamlessTestApp {
  clock: ReturnType<typeof testClock>;
  memory: MemoryPublisher;
  /** A registered player (EUR) with `funds` credited: its access token, e-mail and a seamless launch token. */
  member(funds?: number): Promise<{ playerId: string; token: string; email: string; launch: string }>;
  /** One signed seamless bet of `amount` (major units, EUR) in a new round. */
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
  bet(launch: string, amount: string, roundId?: string): Promise<any>;
}

export async function createRiskTestApp(): Promise<RiskTestApp> {
  const clock = testClock();
  const t = await createSeamlessTestApp({ riskClock: clock.now });
  await seedGames(t.database.db);
  const memory = new MemoryPublisher();
  t.app.outbox.addPublisher(memory);
  return {
    ...t,
    clock,
    memory,
    async member(funds = 100) {
      const { auth, email } = await registerPlayer(t);
      const playerId = auth.profile.id;
      if (funds > 0) {
        const res = await t.call('POST', '/api/dev/wallet/credit', {
          body: { playerId, currency: 'EUR', amount: funds },
        });
        if (res.status !== 200) throw new Error(`credit failed: ${JSON.stringify(res.json)}`);
      }
      return { playerId, token: auth.accessToken, email, launch: await t.launch(playerId) };
    },
    async bet(launch, amount, roundId = uid('r')) {
      const res = await t.seamless('bet', { token: launch, transactionId: uid('b'), roundId, amount, currency: 'EUR' });
      return res.json;
    },
  };
}
