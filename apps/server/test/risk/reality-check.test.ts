import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { login } from '../player/helpers.ts';
import { createRiskTestApp, HOUR, type RiskTestApp, uid } from './helpers.ts';

// GET/PUT /api/player/reality-check (docs/decisions/0057): the interval, and the session's stakes, wins and
// net position per currency since the last sign-in, counted by the money path.

let t: RiskTestApp;
beforeAll(async () => {
  t = await createRiskTestApp();
});
afterAll(() => t.close());

const get = async (token: string) => {
  const res = await t.call('GET', '/api/player/reality-check', { token });
  expect(res.status).toBe(200);
  return res.json.data as {
    interval: number;
    sessionStartedAt: string;
    totals: { currency: string; stakes: number; wins: number; net: number }[];
  };
};

describe(`reality check (${databaseKind})`, () => {
  it('keeps the interval per player: off by default, 15/30/60 allowed, anything else 422 with fields', async () => {
    const { token } = await t.member(0);
    expect((await get(token)).interval).toBe(0);
    const set = await t.call('PUT', '/api/player/reality-check', { token, body: { interval: 30 } });
    expect(set.status).toBe(200);
    expect(set.json.data.interval).toBe(30);
    expect((await get(token)).interval).toBe(30);
    for (const interval of [10, -15, '15', null]) {
      const bad = await t.call('PUT', '/api/player/reality-check', { token, body: { interval } });
      expect(bad.status).toBe(422);
      expect(bad.json.error.fields.interval).toBeDefined();
    }
    expect((await t.call('GET', '/api/player/reality-check')).status).toBe(401);
  });

  it('counts stakes, wins and refunds of the session; a refused bet is not counted; a sign-in starts over', async () => {
    const { token, launch, email } = await t.member(100);
    const round = uid('r');
    const bet = await t.bet(launch, '8', round);
    expect(bet.status).toBe('OK');
    const win = await t.seamless('win', {
      token: launch,
      transactionId: uid('w'),
      roundId: round,
      amount: '5.5',
      currency: 'EUR',
      closeRound: true,
    });
    expect(win.json.status).toBe('OK');
    const r2 = uid('r');
    const refunded = await t.bet(launch, '2', r2);
    expect(refunded.status).toBe('OK');
    const rb = await t.seamless('rollback', {
      token: launch,
      transactionId: uid('rb'),
      rollbackTransactionId: refunded.transactionId,
      roundId: r2,
    });
    expect(rb.json.status).toBe('OK');
    // More than the balance: refused by the wallet, rolled back with its count.
    expect((await t.bet(launch, '500')).status).not.toBe('OK');
    const session = await get(token);
    expect(session.totals).toEqual([{ currency: 'EUR', stakes: 8, wins: 5.5, net: -2.5 }]);

    // A new sign-in is a new session: its time, totals from zero.
    const before = session.sessionStartedAt;
    t.clock.advance(HOUR);
    const again = await login(t, email, 'secret-pass-1');
    expect(again.status).toBe(200);
    const fresh = await get(again.json.data.accessToken);
    expect(fresh.totals).toEqual([]);
    expect(Date.parse(fresh.sessionStartedAt)).toBeGreaterThan(Date.parse(before));
  });
});
