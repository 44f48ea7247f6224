import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames } from '../../src/modules/game/seed.ts';
import { databaseKind } from '../harness.ts';
import { account, card, deposit, paymentPlayer, turnOverOff, WEBHOOK_SECRET, withdraw } from '../payment/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { ledgerViolations, rows } from '../wallet/db.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';

// backoffice-api.md §4: a bet block refuses bets through the seamless API under the account lock, and a
// real-money launch; a deposit or withdrawal block refuses new invoices with a business 422 (decision 0106).
// Money already in play is never trapped: wins and rollbacks of open rounds still pay.

let t: SeamlessTestApp;
let support: TestStaff;
beforeAll(async () => {
  t = await createSeamlessTestApp({}, { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET });
  await seedGames(t.database.db);
  await turnOverOff(t);
  support = await signedInStaff(t, 'support');
});
afterAll(async () => {
  expect(await ledgerViolations(t.database.db)).toEqual([]);
  await t.close();
});

const reason = 'Suspected bonus abuse';
const setBlocks = async (playerId: string, body: Record<string, boolean>) => {
  const res = await t.call('PUT', `/api/backoffice/players/${playerId}/blocks`, {
    headers: support.headers,
    body: { ...body, reason },
  });
  expect(res.status).toBe(200);
  return res.json.data;
};
const uid = (prefix: string) => `${prefix}-${randomUUID()}`;
const bet = (token: string, roundId: string, amount = '1.00', transactionId = uid('b')) =>
  t.seamless('bet', { token, transactionId, roundId, amount, currency: 'EUR' });
const play = (token: string, demoMode: boolean) =>
  t.call('POST', '/api/game/games/neon-fruits/play', {
    token,
    body: { lobbyUrl: '/games', locale: 'en', countryCode: 'DE', platform: 2, demoMode },
  });
const invoicesOf = (playerId: string) =>
  rows(t.database.db, sql`select type from payment.invoices where player_id = ${playerId}`);

describe(`money blocks (${databaseKind})`, () => {
  it('a bet block refuses new bets (PLAYER_DISABLED) and real launches (14103); wins and rollbacks still pay', async () => {
    const { playerId, token } = await t.newPlayer('100');
    const open = uid('r');
    const later = uid('r');
    const toCancel = uid('b');
    expect((await bet(token, open, '5.00')).json.status).toBe('OK');
    expect((await bet(token, later, '2.00', toCancel)).json.status).toBe('OK');

    expect(await setBlocks(playerId, { bet: true })).toMatchObject({ bet: true, login: false });
    const refused = await bet(token, uid('r'));
    expect(refused.json).toMatchObject({ status: 'ERROR', code: 'PLAYER_DISABLED', balance: '93.00' });
    // Adding to a round already open is a bet too.
    expect((await bet(token, open)).json.code).toBe('PLAYER_DISABLED');

    const win = await t.seamless('win', {
      token,
      transactionId: uid('w'),
      roundId: open,
      amount: '12.00',
      currency: 'EUR',
      closeRound: true,
    });
    expect(win.json).toMatchObject({ status: 'OK', balance: '105.00' });
    const rollback = await t.seamless('rollback', {
      token,
      transactionId: uid('rb'),
      rollbackTransactionId: toCancel,
      roundId: later,
    });
    expect(rollback.json).toMatchObject({ status: 'OK', balance: '107.00' });
    expect((await t.seamless('balance', { token })).json).toMatchObject({ status: 'OK', balance: '107.00' });

    // The player may still sign in and look around, and play for fun, but not launch for real money.
    const signIn = await t.call('POST', '/api/dev/autologin-token', { body: { player: playerId } });
    const auth = await t.call('POST', '/api/player/sessions/token', {
      body: { token: signIn.json.data.token, fingerprint: 'fp' },
    });
    expect(auth.status).toBe(200);
    const access = auth.json.data.accessToken as string;
    const real = await play(access, false);
    expect(real.status).toBe(422);
    expect(real.json.error.code).toBe(14103);
    expect((await play(access, true)).status).toBe(200);

    await setBlocks(playerId, { bet: false });
    expect((await bet(token, uid('r'))).json).toMatchObject({ status: 'OK', balance: '106.00' });
    expect((await play(access, false)).status).toBe(200);
  });

  it('a deposit block refuses deposit invoices with a business 422; withdrawals go on', async () => {
    const p = await paymentPlayer(t);
    await setBlocks(p.playerId, { deposit: true });
    const refused = await deposit(t, p, card('4242 4242 4242 4242'));
    expect(refused.status).toBe(422);
    expect(refused.json.error.fields.amount).toEqual(['Deposits are blocked on this account. Please contact support.']);
    expect(await invoicesOf(p.playerId)).toEqual([]);
    // The other scopes are their own: a withdrawal of money already there is not refused by a deposit block.
    await t.call('POST', '/api/dev/wallet/credit', { body: { playerId: p.playerId, currency: 'EUR', amount: 60 } });
    expect((await withdraw(t, p, 25)).status).toBe(200);

    await setBlocks(p.playerId, { deposit: false });
    expect((await deposit(t, p, card('4242 4242 4242 4242'))).status).toBe(200);
  });

  it('a withdrawal block refuses withdrawal invoices with a business 422 and locks nothing', async () => {
    const p = await paymentPlayer(t);
    await t.call('POST', '/api/dev/wallet/credit', { body: { playerId: p.playerId, currency: 'EUR', amount: 60 } });
    await setBlocks(p.playerId, { withdrawal: true });
    const refused = await withdraw(t, p, 25);
    expect(refused.status).toBe(422);
    expect(refused.json.error.fields.amount).toEqual([
      'Withdrawals are blocked on this account. Please contact support.',
    ]);
    expect(await invoicesOf(p.playerId)).toEqual([]);
    expect(await account(t, p)).toMatchObject({ balance: 60, lockedBalance: 0, withdrawalBalance: 60 });

    await setBlocks(p.playerId, { withdrawal: false });
    expect((await withdraw(t, p, 25)).status).toBe(200);
    expect(await account(t, p)).toMatchObject({ lockedBalance: 25 });
  });
});
