import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { rows } from '../wallet/db.ts';
import { cashLimit, createRiskTestApp, DAY, type RiskTestApp } from './helpers.ts';

// Issue 23 finding 2: a daily loss limit of 10 EUR let a player lose 190 EUR in a day, each change of the
// profile's time zone opening a fresh window. A limit counts in the zone in force when it was set
// (decision 0091): the player's edits of the profile never move its window.

let t: RiskTestApp;
beforeAll(async () => {
  t = await createRiskTestApp();
});
afterAll(() => t.close());

const post = (token: string, body: unknown) => t.call('POST', '/api/player/limits', { token, body });
const setZone = async (token: string, timeZone: string) =>
  expect((await t.call('PUT', '/api/player/profile', { token, body: { timeZone } })).status).toBe(200);
const limitsOf = async (token: string) => {
  const res = await t.call('GET', '/api/player/limits', { token });
  expect(res.status).toBe(200);
  return res.json.data as { definition: number; currentAmount: number; startedAt: string; expiredAt: string }[];
};
/** Moves the risk clock forward to the next `hour`:00 UTC. */
const advanceToUtc = (hour: number) => {
  const now = t.clock.now().getTime();
  const today = new Date(now);
  let target = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hour);
  if (target <= now) target += DAY;
  t.clock.advance(target - now);
};
const utcMidnight = () => {
  const d = t.clock.now();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())).toISOString();
};

// From the furthest east to the furthest west: at 12:00 UTC each is a different local day start.
const zones = [
  'Pacific/Tongatapu',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Europe/Berlin',
  'America/New_York',
  'Pacific/Pago_Pago',
];

describe(`limit windows a player cannot reopen (${databaseKind})`, () => {
  it('a daily loss limit holds across changes of the profile time zone', async () => {
    const { token, launch } = await t.member(100);
    expect((await post(token, cashLimit(2, 10))).status).toBe(200);
    advanceToUtc(12);
    expect((await t.bet(launch, '10')).status).toBe('OK');
    expect((await t.bet(launch, '1')).code).toBe('LIMIT_REACHED');
    for (const zone of zones) {
      await setZone(token, zone);
      expect({ zone, code: (await t.bet(launch, '1')).code }).toEqual({ zone, code: 'LIMIT_REACHED' });
    }
    // The list shows the same window and usage as the money path counts.
    const [limit] = await limitsOf(token);
    expect(limit).toMatchObject({ currentAmount: 10, startedAt: utcMidnight() });
    // The next day of the limit's own zone opens a new window, whatever the profile says now.
    advanceToUtc(0);
    expect((await t.bet(launch, '1')).status).toBe('OK');
  });

  it('a daily bet limit holds across changes of the profile time zone', async () => {
    const { token, launch } = await t.member(100);
    advanceToUtc(12);
    await setZone(token, 'Asia/Tokyo');
    expect((await post(token, cashLimit(1, 5))).status).toBe(200);
    expect((await t.bet(launch, '5')).status).toBe('OK');
    for (const zone of [...zones, 'UTC']) {
      await setZone(token, zone);
      expect({ zone, code: (await t.bet(launch, '1')).code }).toEqual({ zone, code: 'LIMIT_REACHED' });
    }
    // Tokyo's day began at 15:00 UTC the day before.
    const [limit] = await limitsOf(token);
    expect(limit).toMatchObject({ currentAmount: 5 });
    expect(limit!.startedAt).toMatch(/T15:00:00\.000Z$/);
  });

  it('limits of one period set in different zones each count in their own window', async () => {
    const { token, launch, playerId } = await t.member(100);
    advanceToUtc(12);
    await setZone(token, 'Europe/Berlin');
    expect((await post(token, cashLimit(1, 20))).status).toBe(200);
    // Paris has Berlin's offsets: the same window, one counter.
    await setZone(token, 'Europe/Paris');
    expect((await post(token, cashLimit(2, 20))).status).toBe(200);
    expect((await t.bet(launch, '4')).status).toBe('OK');
    const counters = () =>
      rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from risk.usage where player_id = ${playerId}`);
    expect((await counters())[0]!.n).toBe(1);
    // A weekly loss limit set in Tokyo counts beside them.
    await setZone(token, 'Asia/Tokyo');
    expect((await post(token, cashLimit(2, 6, 'weekly'))).status).toBe(200);
    expect((await t.bet(launch, '3')).status).toBe('OK');
    expect((await t.bet(launch, '4')).code).toBe('LIMIT_REACHED');
    const shown = (await limitsOf(token)).map((l) => l.currentAmount).sort();
    expect(shown).toEqual([3, 7, 7]);
  });
});
