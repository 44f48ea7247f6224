import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { rows } from '../wallet/db.ts';
import { cashLimit, createRiskTestApp, DAY, HOUR, type RiskTestApp } from './helpers.ts';

// The limits rule computes the windows in SQL in the player's zone and counts only the periods that have a
// bet or loss limit (decision 0078).

let t: RiskTestApp;
beforeAll(async () => {
  t = await createRiskTestApp();
});
afterAll(() => t.close());

const post = (token: string, body: unknown) => t.call('POST', '/api/player/limits', { token, body });
const currentOf = async (token: string) => {
  const res = await t.call('GET', '/api/player/limits', { token });
  expect(res.status).toBe(200);
  return (res.json.data as { definition: number; period: string; currentAmount: number }[])
    .map((l) => `${l.definition}/${l.period}: ${l.currentAmount}`)
    .sort();
};
/** Moves the risk clock forward to the next `hour`:`minute` UTC. */
const advanceToUtc = (hour: number, minute: number) => {
  const now = t.clock.now().getTime();
  const today = new Date(now);
  let target = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hour, minute);
  if (target <= now) target += DAY;
  t.clock.advance(target - now);
};

describe(`counting limits in the money path (${databaseKind})`, () => {
  it("a bet limit's day is the player's day (Tokyo: it starts at 15:00 UTC)", async () => {
    const { token, launch } = await t.member(100);
    expect((await t.call('PUT', '/api/player/profile', { token, body: { timeZone: 'Asia/Tokyo' } })).status).toBe(200);
    expect((await post(token, cashLimit(1, 5))).status).toBe(200);
    advanceToUtc(14, 30); // 23:30 in Tokyo
    expect((await t.bet(launch, '4')).status).toBe('OK');
    expect((await t.bet(launch, '2')).code).toBe('LIMIT_REACHED');
    t.clock.advance(HOUR); // 00:30 in Tokyo, the same UTC day: a new window
    expect((await t.bet(launch, '4')).status).toBe('OK');
    expect(await currentOf(token)).toEqual(['1/daily: 4']);
  });

  it('counts only the periods that have a limit; a limit of another period counts from its creation', async () => {
    const { token, launch, playerId } = await t.member(100);
    expect((await post(token, cashLimit(1, 50))).status).toBe(200);
    expect((await post(token, cashLimit(2, 50))).status).toBe(200);
    expect((await t.bet(launch, '3')).status).toBe('OK');
    const periods = async () =>
      (
        await rows<{ period: string }>(
          t.database.db,
          sql`select period from risk.usage where player_id = ${playerId} order by period`,
        )
      ).map((r) => r.period);
    expect(await periods()).toEqual(['daily']);
    expect((await post(token, cashLimit(1, 50, 'weekly'))).status).toBe(200);
    expect((await t.bet(launch, '2')).status).toBe('OK');
    expect(await periods()).toEqual(['daily', 'weekly']);
    expect(await currentOf(token)).toEqual(['1/daily: 5', '1/weekly: 2', '2/daily: 5']);
  });

  it('a player without bet or loss limits counts nothing', async () => {
    const { launch, playerId } = await t.member(100);
    expect((await t.bet(launch, '3')).status).toBe('OK');
    const counted = await rows(t.database.db, sql`select 1 from risk.usage where player_id = ${playerId}`);
    expect(counted).toHaveLength(0);
  });
});
