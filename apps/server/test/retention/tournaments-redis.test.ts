import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import type { SeamlessTestApp } from '../seamless/helpers.ts';
import { createEnvSeamlessApp, play, running, tournament } from './tournaments-helpers.ts';

// The Redis implementation of the live ranking (decision 0063), when TEST_REDIS_URL is set: the sorted set
// agrees with the table, survives a flush (rebuilt from the table) and ignores a stale, lower write.

const url = process.env.TEST_REDIS_URL;
let t: SeamlessTestApp;
const prefix = `croupier-test-${randomBytes(4).toString('hex')}:`;

describe.skipIf(!url)(`tournaments on Redis (${databaseKind})`, { timeout: 120_000 }, () => {
  let redis: Redis;
  beforeAll(async () => {
    t = await createEnvSeamlessApp({ REDIS_URL: url!, REALTIME_REDIS_PREFIX: prefix });
    redis = new Redis(url!);
  }, 180_000);
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await t.close();
  }, 60_000);

  it('ranks from the sorted set, equal points by the earlier entrant', async () => {
    const row = await running(t);
    const a = await t.newPlayer('100.00');
    const b = await t.newPlayer('100.00');
    const c = await t.newPlayer('100.00');
    await play(t, a.token, '2.00', '0');
    await play(t, b.token, '5.00', '0');
    await play(t, c.token, '2.00', '0');
    await t.app.outbox.drain();
    const key = `${prefix}retention:tournament:${row.id}`;
    await until(async () => (await redis.zcard(key)) === 3);
    expect((await tournament(t, row.id)).leaderboard.map((r: { playerId: string }) => r.playerId)).toEqual([
      b.playerId,
      a.playerId,
      c.playerId,
    ]);
    const scores = await redis.zrange(key, 0, '-1', 'WITHSCORES');
    expect(scores.filter((_, i) => i % 2 === 1)).toEqual(['-500', '-200', '-200']);
  });

  it('a flushed set is rebuilt from the table on start; a stale lower write loses', async () => {
    const row = await running(t);
    const a = await t.newPlayer('100.00');
    await play(t, a.token, '3.00', '0');
    await t.app.outbox.drain();
    const key = `${prefix}retention:tournament:${row.id}`;
    await until(async () => (await redis.zcard(key)) === 1);
    const [member] = await redis.zrange(key, 0, '0');
    await redis.zadd(key, 'LT', '-100', member!); // a late write of an older, lower score
    expect(await redis.zscore(key, member!)).toBe('-300');
    await redis.del(key);
    const { buildApp } = await import('../../src/app.ts');
    const again = await buildApp({ config: t.config, database: t.database, logger: false });
    await again.ready();
    expect(await redis.zscore(key, member!)).toBe('-300');
    await again.close();
  });
});

async function until(ok: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await ok()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}
