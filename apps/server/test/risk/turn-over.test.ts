import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTurnOverSetting } from '../../src/modules/risk/index.ts';
import { MemoryPublisher } from '../../src/outbox/index.ts';
import { databaseKind } from '../harness.ts';
import { card, deposit, type Player, paymentPlayer, WEBHOOK_SECRET, withdraw } from '../payment/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';

// The turn-over wager (issue 12 §7, decision 0066): deposits are staked ×N before a withdrawal; the money path
// counts real stakes (a rollback takes its stake back); GET /api/risk/reasons/turn-over-wager answers it.

let t: SeamlessTestApp;
const memory = new MemoryPublisher();

beforeAll(async () => {
  // No operator row: the default (N = 1, decision 0076).
  t = await createSeamlessTestApp({}, { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET });
  t.app.outbox.addPublisher(memory);
});
afterAll(() => t.close());

// The operator's write: switching the rule off releases every hold (decision 0076).
const setting = (enabled: boolean, multiplier: number) => setTurnOverSetting(t.database.db, { enabled, multiplier });
const noSetting = () => t.database.db.execute(sql`delete from settings.operating_settings where key = 'turn-over'`);
const withdrawable = async (p: Player) =>
  (
    (await t.call('GET', '/api/wallet/accounts', { token: p.token })).json.data as {
      currency: string;
      realBalance: number;
      withdrawalBalance: number;
    }[]
  ).find((a) => a.currency === 'EUR')!;
const turnOver = async (p: Player, currency = 'EUR') =>
  t.call('GET', `/api/risk/reasons/turn-over-wager?currency=${currency}`, { token: p.token });

/** Money that is not a deposit (no turnover asked): enough to withdraw the 20 EUR minimum. */
const credit = (p: Player) =>
  t.call('POST', '/api/dev/wallet/credit', { body: { playerId: p.playerId, currency: 'EUR', amount: 100 } });

/** The last live `account.balance.updated` of the player's EUR account (written by the money path's statement). */
async function lastBalanceEvent(p: Player) {
  await t.app.outbox.drain();
  const events = memory.published.filter((m) => m.channel === `wallet:accounts#${p.playerId}`);
  type Shown = { currency: string; realBalance: number; withdrawalBalance: number };
  return events
    .map((m) => (m.data as { account: Shown }).account)
    .filter((a) => a.currency === 'EUR')
    .at(-1);
}

let seq = 0;
async function stake(game: string, amount: string) {
  const id = `to${++seq}-${Date.now()}`;
  const bet = await t.seamless('bet', { token: game, transactionId: `${id}:b0`, roundId: id, amount, currency: 'EUR' });
  expect(bet.json).toMatchObject({ status: 'OK' });
  return id;
}

describe(`turn-over wager (${databaseKind})`, () => {
  it('asks the deposit wagered once by default, refuses a withdrawal until then, and counts real stakes', async () => {
    const p = await paymentPlayer(t);
    await credit(p);
    expect(await withdrawable(p)).toMatchObject({ realBalance: 100, withdrawalBalance: 100 });
    const game = await t.launch(p.playerId);
    expect((await turnOver(p)).json.data).toEqual({
      total: 0,
      turnOverWager: 1,
      turnOverWagerAmount: 0,
      currency: 'EUR',
    });
    expect((await deposit(t, p, card('4242 4242 4242 4242', 50))).status).toBe(200);
    expect((await turnOver(p)).json.data).toEqual({
      total: 50,
      turnOverWager: 1,
      turnOverWagerAmount: 50,
      currency: 'EUR',
    });
    // The balance the player sees agrees with the refusal: nothing is withdrawable while turnover is owed.
    expect(await withdrawable(p)).toMatchObject({ realBalance: 150, withdrawalBalance: 0 });
    // The live balance event of the deposit's own credit agrees (the wallet's hold, not the next page load).
    expect(await lastBalanceEvent(p)).toMatchObject({ realBalance: 150, withdrawalBalance: 0 });
    const refused = await withdraw(t, p, 20);
    expect(refused.status).toBe(422);
    expect(refused.json.error.fields.amount[0]).toMatch(/50/);
    await stake(game, '20.00');
    expect(await withdrawable(p)).toMatchObject({ realBalance: 130, withdrawalBalance: 0 });
    expect(await lastBalanceEvent(p)).toMatchObject({ realBalance: 130, withdrawalBalance: 0 });
    expect((await turnOver(p)).json.data).toMatchObject({ total: 50, turnOverWagerAmount: 30 });
    const rolled = await stake(game, '5.00');
    expect((await turnOver(p)).json.data.turnOverWagerAmount).toBe(25);
    await t.seamless('rollback', {
      token: game,
      transactionId: `${rolled}:rb0`,
      rollbackTransactionId: `${rolled}:b0`,
      roundId: rolled,
    });
    expect((await turnOver(p)).json.data.turnOverWagerAmount).toBe(30);
    await stake(game, '25.00');
    expect(await lastBalanceEvent(p)).toMatchObject({ realBalance: 105, withdrawalBalance: 0 });
    // The bet that reaches the target releases the hold in its own balance event.
    await stake(game, '5.00');
    expect(await lastBalanceEvent(p)).toMatchObject({ realBalance: 100, withdrawalBalance: 100 });
    expect((await turnOver(p)).json.data).toMatchObject({ total: 0, turnOverWagerAmount: 0 });
    expect(await withdrawable(p)).toMatchObject({ realBalance: 100, withdrawalBalance: 100 });
    expect((await withdraw(t, p, 20)).status).toBe(200);
  });

  it('starts a new requirement after one is met, times the operator multiplier; off means nothing owed', async () => {
    const p = await paymentPlayer(t);
    await credit(p);
    const game = await t.launch(p.playerId);
    await deposit(t, p, card('4242 4242 4242 4242', 20));
    await stake(game, '20.00');
    await setting(true, 2);
    try {
      await deposit(t, p, card('4242 4242 4242 4242', 10));
      expect((await turnOver(p)).json.data).toEqual({
        total: 20,
        turnOverWager: 2,
        turnOverWagerAmount: 20,
        currency: 'EUR',
      });
      expect((await withdrawable(p)).withdrawalBalance).toBe(0);
      await setting(false, 2);
      expect((await turnOver(p)).json.data.turnOverWagerAmount).toBe(0);
      expect((await withdrawable(p)).withdrawalBalance).toBe(110);
      expect((await withdraw(t, p, 20)).status).toBe(200);
    } finally {
      await noSetting();
    }
  });

  it('N = 0 switches the rule off: a deposit asks nothing and is withdrawable at once', async () => {
    await setting(true, 0);
    try {
      const p = await paymentPlayer(t);
      await deposit(t, p, card('4242 4242 4242 4242', 30));
      expect((await turnOver(p)).json.data).toMatchObject({ turnOverWagerAmount: 0, turnOverWager: 0 });
      expect(await withdrawable(p)).toMatchObject({ realBalance: 30, withdrawalBalance: 30 });
      expect(await lastBalanceEvent(p)).toMatchObject({ realBalance: 30, withdrawalBalance: 30 });
      expect((await withdraw(t, p, 20)).status).toBe(200);
    } finally {
      await noSetting();
    }
  });

  it('a rollback of the bet that met the target holds withdrawals again, in its own balance event', async () => {
    const p = await paymentPlayer(t);
    const game = await t.launch(p.playerId);
    await deposit(t, p, card('4242 4242 4242 4242', 30));
    const met = await stake(game, '30.00');
    expect(await lastBalanceEvent(p)).toMatchObject({ realBalance: 0, withdrawalBalance: 0 });
    await credit(p);
    expect(await lastBalanceEvent(p)).toMatchObject({ realBalance: 100, withdrawalBalance: 100 });
    await t.seamless('rollback', {
      token: game,
      transactionId: `${met}:rb0`,
      rollbackTransactionId: `${met}:b0`,
      roundId: met,
    });
    expect(await lastBalanceEvent(p)).toMatchObject({ realBalance: 130, withdrawalBalance: 0 });
    expect(await withdrawable(p)).toMatchObject({ realBalance: 130, withdrawalBalance: 0 });
    expect((await withdraw(t, p, 20)).status).toBe(422);
  });

  it('answers only the player’s own turnover; bad input is 422, a guest 401', async () => {
    const p = await paymentPlayer(t);
    await deposit(t, p, card('4242 4242 4242 4242', 30));
    const other = await paymentPlayer(t);
    expect((await turnOver(other)).json.data.turnOverWagerAmount).toBe(0);
    expect((await turnOver(p)).json.data.turnOverWagerAmount).toBe(30);
    for (const currency of ['eur', 'XXX', '', 'E%00R']) expect((await turnOver(p, currency)).status).toBe(422);
    expect((await t.call('GET', '/api/risk/reasons/turn-over-wager', { token: p.token })).status).toBe(422);
    expect((await t.call('GET', '/api/risk/reasons/turn-over-wager?currency=EUR')).status).toBe(401);
  });
});
