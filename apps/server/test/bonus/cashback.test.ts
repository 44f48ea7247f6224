import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBonusModule, payCashback, weekStartOf } from '../../src/modules/bonus/index.ts';
import { bonuses } from '../../src/modules/bonus/schema.ts';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { account, bonusesOf, newPlayer, round } from './helpers.ts';

// Weekly cashback (issue 12 §6): a percentage of the week's net real-money loss, issued once per week and
// player however often the job runs.

let t: SeamlessTestApp;

beforeAll(async () => {
  t = await createSeamlessTestApp();
  await t.database.db.insert(bonuses).values({
    identity: 'cashback-test',
    name: 'Cashback 10%',
    kind: 'cashback',
    depositPercentage: 10,
    wagerMultiplier: '1',
    reusable: true,
  });
});
afterAll(() => t.close());

describe(`cashback (${databaseKind})`, () => {
  it('weeks start on Monday 00:00 UTC', () => {
    expect(weekStartOf(new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-11-22T23:59:59Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });

  it("shows this week's estimate, then issues 10 % of the net loss once, however often the job runs", async () => {
    const loser = await newPlayer(t, 50);
    const winner = await newPlayer(t, 50);
    await round(t, loser, '15.00', '0');
    await round(t, loser, '10.00', '5.00');
    await round(t, winner, '5.00', '20.00');
    const estimate = await t.call('GET', '/api/game/bonuses/cashback?currency=EUR', { token: loser.auth });
    expect(estimate.status).toBe(200);
    expect(estimate.json.data).toMatchObject([{ bonusName: 'Cashback 10%', amount: 2 }]);

    // Neither player is excluded: the check allows (an unwired module refuses everything, decision 0092).
    const module = createBonusModule({ db: t.database.db, send: async () => null, mayClaim: async () => {} });
    const week = weekStartOf(new Date()).toISOString();
    const first = await payCashback(module.deps, { week });
    const again = await payCashback(module.deps, { week });
    expect(again).toBe(0);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await bonusesOf(t, loser)).toMatchObject([{ amount: 2, status: 2, bonusType: 3 }]);
    expect(await account(t, loser)).toMatchObject({ realBalance: 30, bonusBalance: 2 });
    expect(await bonusesOf(t, winner)).toEqual([]);
  });

  it('refuses an unknown currency', async () => {
    const p = await newPlayer(t, 0);
    expect((await t.call('GET', '/api/game/bonuses/cashback?currency=eur', { token: p.auth })).status).toBe(422);
    expect((await t.call('GET', '/api/game/bonuses/cashback', { token: p.auth })).status).toBe(422);
  });
});
