import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { account, card, deposit, type Player, paymentPlayer, WEBHOOK_SECRET } from '../payment/helpers.ts';
import { createPlayerTestApp, type PlayerTestApp } from '../player/helpers.ts';

// Deposit limits (13100, never 401/403): the methods list once the limit is used up, an invoice that would
// pass what is left, and two deposits at once that together would pass it.

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp({ PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET });
});
afterAll(() => t.close());

const setLimit = (p: Player, amount: number, period = 'daily') =>
  t.call('POST', '/api/player/limits', { token: p.token, body: { definition: 3, period, currency: 'EUR', amount } });
const methods = (p: Player) => t.call('GET', '/api/payment/methods/deposit?currency=EUR', { token: p.token });

describe(`deposit limits (${databaseKind})`, () => {
  it('deposits up to the limit, then 13100 on the methods; a deposit passing the remainder is refused', async () => {
    const p = await paymentPlayer(t);
    expect((await setLimit(p, 50)).status).toBe(200);
    expect((await deposit(t, p, card('4242 4242 4242 4242', 30))).status).toBe(200);
    const over = await deposit(t, p, card('4242 4242 4242 4242', 25));
    expect(over.status).toBe(422);
    expect(over.json.error.code).toBe(13100);
    expect(over.json.error.message).toMatch(/20(\.00)? EUR is left/);
    expect((await deposit(t, p, card('4242 4242 4242 4242', 20))).status).toBe(200);
    expect(await account(t, p)).toMatchObject({ realBalance: 50 });
    const listed = await methods(p);
    expect(listed.status).toBe(422);
    expect(listed.json.error.code).toBe(13100);
    const [limit] = (await t.call('GET', '/api/player/limits', { token: p.token })).json.data;
    expect(limit).toMatchObject({ definition: 3, amount: 50, currentAmount: 50 });
    // A failed deposit does not use the limit up.
    const other = await paymentPlayer(t);
    await setLimit(other, 20);
    await deposit(t, other, card('4000 0000 0000 0002', 20));
    expect((await methods(other)).status).toBe(200);
  });

  it('two deposits at once cannot pass the limit together (the check and the insert share a transaction)', async () => {
    const p = await paymentPlayer(t);
    await setLimit(p, 40);
    const results = await Promise.all(Array.from({ length: 6 }, () => deposit(t, p, card('4242 4242 4242 4242', 15))));
    const accepted = results.filter((r) => r.status === 200).length;
    expect(accepted).toBe(2);
    expect(results.filter((r) => r.status === 422 && r.json.error.code === 13100)).toHaveLength(4);
    expect(await account(t, p)).toMatchObject({ realBalance: 30 });
  });
});
