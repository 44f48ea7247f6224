import { randomBytes } from 'node:crypto';
import { studioLaunchUrl } from '@croupier/contracts/launch-link';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Transport } from '../../src/modules/studio/seamless-client.ts';
import { type RealtimeTestApp, redisPrefix, startRealtimeApp } from '../realtime/helpers.ts';
import { SECRET } from './helpers.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

// Two instances in one process on one PGlite would each keep their own in-process lock: the claim is about
// several processes on one PostgreSQL database, so this runs there only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('studio rounds across two instances (PostgreSQL only)', () => {
  it('never plays two rounds of one player at once, whichever instance each bet arrives on', async () => {
    const env: Record<string, string> = {
      STUDIO_SECRET: SECRET,
      JWT_SECRET: randomBytes(24).toString('hex'),
      ...(process.env.TEST_REDIS_URL
        ? { REDIS_URL: process.env.TEST_REDIS_URL, REALTIME_REDIS_PREFIX: redisPrefix() }
        : {}),
    };
    // b first in cleanups: it closes before a, which owns (and drops) the database.
    const a: RealtimeTestApp = await startRealtimeApp(env);
    const b = await startRealtimeApp(env, { database: a.database });
    cleanups.push(
      () => b.close(),
      () => a.close(),
    );

    const player = await a.register();
    expect(
      (await a.call('POST', '/api/dev/wallet/credit', { body: { playerId: player.id, currency: 'EUR', amount: 100 } }))
        .status,
    ).toBe(200);
    const launch = await a.call('POST', '/api/dev/seamless/launch-token', {
      body: { playerId: player.id, currency: 'EUR', providerId: 'croupier-studio', gameId: 'dice' },
    });
    const token = launch.json.data.token as string;
    const url = studioLaunchUrl(SECRET, {
      game: 'dice',
      mode: 'real',
      currency: 'EUR',
      locale: 'en',
      lobby: '/en/casino',
      player: `p-${player.id}`,
      token,
    });
    const opened = await a.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(302);
    const sessionId = String(opened.headers.location).split('/').pop();

    // Each instance's wallet calls are slowed a little and watched: two bets in flight at once would
    // mean two rounds of the player overlap.
    let inFlight = 0;
    let overlaps = 0;
    const watch =
      (real: Transport): Transport =>
      async (req) => {
        if (!req.path.endsWith('/bet')) return real(req);
        if (++inFlight > 1) overlaps++;
        try {
          await new Promise((r) => setTimeout(r, 15));
          return await real(req);
        } finally {
          inFlight--;
        }
      };
    for (const t of [a, b]) t.app.studio.wallet.transport = watch(t.app.studio.wallet.transport);

    const bet = (t: RealtimeTestApp) =>
      t.app.inject({
        method: 'POST',
        url: `/studio/api/sessions/${sessionId}/rounds`,
        payload: { bet: '100', choice: { game: 'dice', chanceBp: 4950, over: false } },
      });
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => bet(i % 2 === 0 ? a : b)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(overlaps).toBe(0);

    const { rows } = (await a.database.db.execute(
      sql`select nonce, bet, payout, status from studio.rounds where session_id = ${sessionId} order by nonce`,
    )) as unknown as { rows: { nonce: number; bet: bigint | string; payout: bigint | string; status: string }[] };
    expect(rows.map((r) => r.nonce)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(rows.every((r) => r.status === 'settled')).toBe(true);
    const expected = rows.reduce((sum, r) => sum - Number(r.bet) + Number(r.payout), 10_000);
    const session = await b.app.inject({ method: 'GET', url: `/studio/api/sessions/${sessionId}` });
    expect(session.json().balance).toBe(String(expected));
  });
});
