import { timeZones } from '@croupier/contracts/reference/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowOf } from '../../src/modules/risk/windows.ts';
import { databaseKind } from '../harness.ts';
import { card, deposit, paymentPlayer } from '../payment/helpers.ts';
import { createRiskTestApp, type RiskTestApp } from './helpers.ts';

// Issue 23 finding 2, deposits: a deposit limit counts in the zone it was set in (decision 0091), so moving the
// profile to a zone whose day started after the deposits does not forget them. Deposits are stamped with the
// real clock, so this file's risk clock starts at the real time and moves forward less than a day.

let t: RiskTestApp;
beforeAll(async () => {
  t = await createRiskTestApp();
});
afterAll(() => t.close());

const setZone = async (token: string, timeZone: string) =>
  expect((await t.call('PUT', '/api/player/profile', { token, body: { timeZone } })).status).toBe(200);

describe(`a deposit limit a player cannot reopen (${databaseKind})`, () => {
  it('holds when the profile moves to a zone whose day began after the deposits', async () => {
    const now = t.clock.now();
    // The zone whose day ends last (the limit's) and the one whose next day begins first (the player's move).
    const ends = ['UTC', ...timeZones.map((z) => z.id)].map((zone) => ({
      zone,
      end: windowOf('daily', now, zone).end,
    }));
    ends.sort((a, b) => a.end.getTime() - b.end.getTime());
    const early = ends[0]!;
    const late = ends.at(-1)!;
    expect(early.end.getTime()).toBeLessThan(late.end.getTime());

    const p = await paymentPlayer(t);
    await setZone(p.token, late.zone);
    const limit = { definition: 3, period: 'daily', currency: 'EUR', amount: 50 };
    expect((await t.call('POST', '/api/player/limits', { token: p.token, body: limit })).status).toBe(200);
    expect((await deposit(t, p, card('4242 4242 4242 4242', 30))).status).toBe(200);

    t.clock.advance(early.end.getTime() - now.getTime() + 60_000);
    await setZone(p.token, early.zone);
    const over = await deposit(t, p, card('4242 4242 4242 4242', 25));
    expect(over.status).toBe(422);
    expect(over.json.error.code).toBe(13100);
    const [shown] = (await t.call('GET', '/api/player/limits', { token: p.token })).json.data;
    expect(shown).toMatchObject({ definition: 3, currentAmount: 30 });
  });
});
