import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BeforeDeposit, DepositLimitError } from '../../src/modules/payment/index.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { ledgerViolations } from '../wallet/db.ts';
import {
  account,
  card,
  deposit,
  invoice,
  outboxOf,
  type Player,
  paymentPlayer,
  paymentTestApp,
  sign,
  turnOverOff,
  webhook,
  withdraw,
} from './helpers.ts';

let t: PlayerTestApp;
/** The deposit-limit check a test switches on (the app's `checks.beforeDeposit`). */
let depositCheck: ((event: BeforeDeposit) => void) | null = null;
beforeAll(async () => {
  t = await paymentTestApp({}, { checks: { beforeDeposit: [(event) => depositCheck?.(event)] } });
  // Payments withdraw their deposits at once: the turn-over wager is off here (tested in risk/turn-over).
  await turnOverOff(t);
});
afterAll(async () => {
  expect(await ledgerViolations(t.database.db)).toEqual([]);
  await t.close();
});

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('payment methods', () => {
  it('refuses guests with 401 on every player endpoint', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/payment/methods/deposit?currency=EUR'],
      ['GET', '/api/payment/methods/withdrawal?currency=EUR'],
      ['POST', '/api/payment/invoices/deposit'],
      ['POST', '/api/payment/invoices/withdrawal'],
      ['GET', '/api/payment/invoices'],
      ['GET', '/api/payment/invoices/statistics'],
      ['PUT', `/api/payment/invoices/${id}/decline`],
    ] as const) {
      const res = await t.call(method, url, method === 'POST' ? { body: {} } : {});
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });

  it('lists card and e-wallet deposits and bank-transfer and card-payout withdrawals for fiat', async () => {
    const p = await paymentPlayer(t);
    const res = await t.call('GET', '/api/payment/methods/deposit?currency=EUR&country=DE', { token: p.token });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [cardMethod, wallet] = res.json.data;
    expect(cardMethod).toMatchObject({
      method: 'card',
      type: 'form',
      processingType: 'form',
      amountMin: 10,
      amountMax: 5000,
      logo: 'payment/card.svg',
    });
    expect(cardMethod.presets).toEqual([
      { amount: 20, default: false },
      { amount: 50, default: true },
      { amount: 100, default: false },
    ]);
    expect(cardMethod.fields.map((f: { key: string }) => f.key)).toEqual([
      'cardholder',
      'card_number',
      'expiry',
      'cvc',
    ]);
    expect(wallet.method).toBe('ewallet');
    const out = await t.call('GET', '/api/payment/methods/withdrawal?currency=EUR', { token: p.token });
    expect(out.json.data.map((m: { method: string }) => m.method)).toEqual(['bank_transfer', 'card_payout']);
  });

  it('lists crypto with its networks for a crypto currency', async () => {
    const p = await paymentPlayer(t);
    const res = await t.call('GET', '/api/payment/methods/deposit?currency=USDT', { token: p.token });
    expect(res.status).toBe(200);
    const [crypto] = res.json.data;
    expect(crypto).toMatchObject({ method: 'crypto', type: 'address', processingType: 'qr' });
    expect(crypto.fields[0].key).toBe('crypto_network');
    expect(crypto.fields[0].options.map((o: { id: string }) => o.id)).toEqual(['erc20', 'trc20']);
  });

  it('answers 422 on an unknown currency or a missing one', async () => {
    const p = await paymentPlayer(t);
    const unknown = await t.call('GET', '/api/payment/methods/deposit?currency=XYZ', { token: p.token });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.fields.currency).toBeDefined();
    const missing = await t.call('GET', '/api/payment/methods/withdrawal', { token: p.token });
    expect(missing.status).toBe(422);
    expect(missing.json.error.fields.currency).toBeDefined();
  });
});

describe('deposit-limit hook', () => {
  it('answers 13100 with HTTP 422 on the methods and refuses the deposit', async () => {
    const p = await paymentPlayer(t);
    const other = await paymentPlayer(t);
    const listener = (event: { playerId: string }) => {
      if (event.playerId === p.playerId) throw new DepositLimitError();
    };
    depositCheck = listener;
    try {
      const methods = await t.call('GET', '/api/payment/methods/deposit?currency=EUR', { token: p.token });
      expect(methods.status).toBe(422);
      expect(methods.json.error.code).toBe(13100);
      const refused = await deposit(t, p, card('4242 4242 4242 4242'));
      expect(refused.status).toBe(422);
      expect(refused.json.error.code).toBe(13100);
      expect(await account(t, p)).toMatchObject({ realBalance: 0 });
      // Other players and withdrawal methods are untouched.
      expect((await t.call('GET', '/api/payment/methods/deposit?currency=EUR', { token: other.token })).status).toBe(
        200,
      );
      expect((await t.call('GET', '/api/payment/methods/withdrawal?currency=EUR', { token: p.token })).status).toBe(
        200,
      );
    } finally {
      depositCheck = null;
    }
  });
});

describe('card deposits', () => {
  it('4242 succeeds at once: credit, status 2, number, events', async () => {
    const p = await paymentPlayer(t);
    const res = await deposit(t, p, card('4242 4242 4242 4242', '50.25'));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ method: 'card', type: 'form', action: '/wallet/success' });
    expect(await account(t, p)).toMatchObject({ realBalance: 50.25, balance: 50.25, withdrawalBalance: 50.25 });
    const inv = await invoice(t, p, res.json.data.invoiceId);
    expect(inv).toMatchObject({
      status: 2,
      statusResult: 'success',
      amount: 50.25,
      invoiceType: 1,
      paymentMethod: 'card',
    });
    await deposit(t, p, card('4242424242424242', 10));
    const events = await outboxOf(t, p.playerId);
    expect(events.map((e) => [e.event, e.data.invoice.status, e.data.invoice.number])).toEqual([
      ['invoice.deposit.updated', 1, null],
      ['invoice.deposit.updated', 2, 1],
      ['invoice.deposit.updated', 1, null],
      ['invoice.deposit.updated', 2, 2],
    ]);
    expect(events[1]!.data.invoice).toMatchObject({ playerId: p.playerId, amount: 50.25, currency: 'EUR' });
  });

  it('keeps only the last four digits of the card', async () => {
    const p = await paymentPlayer(t);
    const res = await deposit(t, p, card('4242 4242 4242 4242'));
    const { rows } = (await t.database.db.execute(
      `select details::text as d from payment.invoices where id = '${res.json.data.invoiceId}'` as never,
    )) as unknown as { rows: { d: string }[] };
    expect(rows[0]!.d).toContain('"cardLast4": "4242"');
    expect(rows[0]!.d).not.toContain('4242424242424242');
  });

  it('4000 0000 0000 0002 is declined: status 3, no money', async () => {
    const p = await paymentPlayer(t);
    const res = await deposit(t, p, card('4000 0000 0000 0002'));
    expect(res.status).toBe(200);
    expect(res.json.data.action).toBe('/wallet/error');
    expect(await invoice(t, p, res.json.data.invoiceId)).toMatchObject({ status: 3, statusResult: 'card_declined' });
    expect(await account(t, p)).toMatchObject({ realBalance: 0 });
  });

  it('the 3-D Secure number waits for the confirmation page; approve credits and redirects', async () => {
    const p = await paymentPlayer(t);
    const res = await deposit(t, p, card('4000 0027 6000 3184'));
    const { invoiceId, action } = res.json.data;
    expect(action).toBe(`/api/payment/sandbox/3ds/${invoiceId}`);
    expect(await invoice(t, p, invoiceId)).toMatchObject({ status: 1 });
    const page = await t.request({ method: 'GET', url: action });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain(`${action}/approve`);
    const approved = await t.request({ method: 'POST', url: `${action}/approve` });
    expect(approved.status).toBe(303);
    expect(approved.headers.location).toBe('/wallet/success');
    expect(await invoice(t, p, invoiceId)).toMatchObject({ status: 2 });
    expect(await account(t, p)).toMatchObject({ realBalance: 50 });
    // Deciding again changes nothing; the page is gone.
    const again = await t.request({ method: 'POST', url: `${action}/decline` });
    expect(again.headers.location).toBe('/wallet/success');
    expect((await t.request({ method: 'GET', url: action })).status).toBe(404);
    expect(await account(t, p)).toMatchObject({ realBalance: 50 });
  });

  it('422 on bad fields, amounts, methods, accounts and foreign return URLs', async () => {
    const p = await paymentPlayer(t);
    const other = await paymentPlayer(t);
    const bad = await deposit(t, p, {
      method: 'card',
      amount: 50,
      fields: { cardholder: '', card_number: 'abc', expiry: '13/30', cvc: '1' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['card_number', 'cardholder', 'cvc', 'expiry']);
    expect((await deposit(t, p, card('4242424242424242', 5))).json.error.fields.amount).toBeDefined();
    expect((await deposit(t, p, card('4242424242424242', 999_999))).json.error.fields.amount).toBeDefined();
    expect((await deposit(t, p, card('4242424242424242', '1.001'))).json.error.fields.amount).toBeDefined();
    expect(
      (await deposit(t, p, { ...card('4242424242424242'), method: 'nope' })).json.error.fields.method,
    ).toBeDefined();
    expect(
      (await deposit(t, p, { ...card('4242424242424242'), accountId: other.accountId })).json.error.fields.accountId,
    ).toBeDefined();
    expect(
      (await deposit(t, p, { ...card('4242424242424242'), redirectSuccessUrl: 'https://evil.example/' })).json.error
        .fields.redirectSuccessUrl,
    ).toBeDefined();
    const missing = await t.call('POST', '/api/payment/invoices/deposit', { token: p.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.error.fields).toHaveProperty('method');
    expect(await account(t, p)).toMatchObject({ realBalance: 0 });
  });
});

describe('e-wallet deposits', () => {
  it('the checkout page approves', async () => {
    const p = await paymentPlayer(t);
    const res = await deposit(t, p, { method: 'ewallet', amount: 20 });
    const { invoiceId, action } = res.json.data;
    expect(action).toBe(`/api/payment/sandbox/checkout/${invoiceId}`);
    const page = await t.request({ method: 'GET', url: action });
    expect(page.body).toContain('Approve');
    const done = await t.request({
      method: 'POST',
      url: `${action}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/wallet/success');
    expect(await invoice(t, p, invoiceId)).toMatchObject({ status: 2, paymentMethod: 'ewallet' });
    expect(await account(t, p)).toMatchObject({ realBalance: 20 });
  });

  it('the checkout page declines', async () => {
    const p = await paymentPlayer(t);
    const { invoiceId, action } = (await deposit(t, p, { method: 'ewallet', amount: 20 })).json.data;
    const done = await t.request({ method: 'POST', url: `${action}/decline` });
    expect(done.headers.location).toBe('/wallet/error');
    expect(await invoice(t, p, invoiceId)).toMatchObject({ status: 3, statusResult: 'declined' });
    expect(await account(t, p)).toMatchObject({ realBalance: 0 });
  });
});

describe('crypto deposits', () => {
  it('pending with an address and a QR, confirmed by the development action', async () => {
    const p = await paymentPlayer(t, 'BTC');
    const res = await deposit(t, p, {
      method: 'crypto',
      currency: 'BTC',
      amount: '0.01',
      fields: { crypto_network: 'bitcoin' },
      redirectSuccessUrl: '/wallet',
      redirectErrorUrl: '/wallet',
    });
    expect(res.status).toBe(200);
    const { invoiceId, qr, address, type } = res.json.data;
    expect(type).toBe('qr');
    expect(address).toMatch(/^tb1q[0-9a-f]{38}$/);
    expect(qr).toBe(`bitcoin:${address}?amount=0.01`);
    const pending = await invoice(t, p, invoiceId);
    expect(pending).toMatchObject({ status: 1, publicData: { qr, address, network: 'bitcoin' } });
    const events = await outboxOf(t, p.playerId);
    expect(events.at(-1)!.data.invoice).toMatchObject({ status: 1, publicData: { qr, url: qr } });

    const confirmed = await t.call('POST', `/api/dev/payment/invoices/${invoiceId}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data).toMatchObject({ status: 2 });
    expect(await account(t, p)).toMatchObject({ realBalance: 0.01 });
    expect((await t.call('POST', `/api/dev/payment/invoices/${invoiceId}/confirm`)).status).toBe(422);
  });

  it('settles by the sweeper once the confirmations are due; a re-POST supersedes the earlier address', async () => {
    const p = await paymentPlayer(t, 'ETH');
    const body = { method: 'crypto', currency: 'ETH', amount: '0.5', fields: { crypto_network: 'erc20' } };
    const first = (await deposit(t, p, body)).json.data;
    const second = (await deposit(t, p, body)).json.data;
    expect(second.qr).toMatch(/^ethereum:0x[0-9a-f]{40}\?amount=0\.5$/);
    expect(await invoice(t, p, first.invoiceId)).toMatchObject({ status: 3, statusResult: 'superseded' });
    expect(await t.app.payment.sweep()).toBe(0);
    expect(await t.app.payment.sweep(later(21))).toBeGreaterThanOrEqual(1);
    expect(await invoice(t, p, second.invoiceId)).toMatchObject({ status: 2 });
    expect(await account(t, p)).toMatchObject({ realBalance: 0.5 });
  });
});

describe('withdrawals', () => {
  const funded = async (amount = 100) => {
    const p = await paymentPlayer(t);
    await deposit(t, p, card('4242424242424242', amount));
    return p;
  };

  it('locks at creation, then the bank transfer settles', async () => {
    const p = await funded();
    const res = await withdraw(t, p, 30);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ method: 'bank_transfer', type: 'message' });
    expect(await account(t, p)).toMatchObject({ realBalance: 70, lockedBalance: 30, withdrawalBalance: 70 });
    expect(await invoice(t, p, res.json.data.invoiceId)).toMatchObject({ status: 1, invoiceType: 2 });
    await t.app.payment.sweep(later(11));
    expect(await invoice(t, p, res.json.data.invoiceId)).toMatchObject({ status: 2 });
    expect(await account(t, p)).toMatchObject({ realBalance: 70, lockedBalance: 0 });
    const events = (await outboxOf(t, p.playerId)).filter((e) => e.event.startsWith('invoice.withdrawal'));
    expect(events.map((e) => [e.event, e.data.invoice.status])).toEqual([
      ['invoice.withdrawal.created', 1],
      ['invoice.withdrawal.updated', 2],
    ]);
  });

  it('the player declines while pending: the money returns; not twice, not after', async () => {
    const p = await funded();
    const { invoiceId } = (await withdraw(t, p, 40)).json.data;
    const declined = await t.call('PUT', `/api/payment/invoices/${invoiceId}/decline`, { token: p.token });
    expect(declined.status).toBe(200);
    expect(declined.json.data).toMatchObject({ id: invoiceId, status: 3, statusResult: 'declined' });
    expect(await account(t, p)).toMatchObject({ realBalance: 100, lockedBalance: 0 });
    expect((await t.call('PUT', `/api/payment/invoices/${invoiceId}/decline`, { token: p.token })).status).toBe(422);
    await t.app.payment.sweep(later(11));
    expect(await account(t, p)).toMatchObject({ realBalance: 100, lockedBalance: 0 });
  });

  it('the provider fails the transfer: the money returns', async () => {
    const p = await funded();
    const { invoiceId } = (await withdraw(t, p, 25, 'DE89370400440532010002')).json.data;
    await t.app.payment.sweep(later(11));
    expect(await invoice(t, p, invoiceId)).toMatchObject({ status: 3, statusResult: 'failed' });
    expect(await account(t, p)).toMatchObject({ realBalance: 100, lockedBalance: 0 });
  });

  it('422 beyond the withdrawable balance and on bad fields; others cannot see or decline', async () => {
    const p = await funded(50);
    const over = await withdraw(t, p, 60);
    expect(over.status).toBe(422);
    expect(over.json.error.fields.amount).toBeDefined();
    const badIban = await withdraw(t, p, 30, 'not-an-iban');
    expect(badIban.status).toBe(422);
    expect(badIban.json.error.fields.iban).toBeDefined();
    expect(await account(t, p)).toMatchObject({ realBalance: 50, lockedBalance: 0 });

    const { invoiceId } = (await withdraw(t, p, 30)).json.data;
    const other = await paymentPlayer(t);
    expect((await t.call('PUT', `/api/payment/invoices/${invoiceId}/decline`, { token: other.token })).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/payment/invoices', { token: other.token })).json.data).toEqual([]);
    expect((await t.call('PUT', `/api/payment/invoices/not-a-uuid/decline`, { token: p.token })).status).toBe(404);
  });
});

describe('webhooks', () => {
  const event = (invoiceId: string, type: string, id = `evt_${randomUUID()}`) =>
    JSON.stringify({ id, type, reference: `sbx_${invoiceId}` });

  it('require a valid signature', async () => {
    const p = await paymentPlayer(t);
    const { invoiceId } = (await deposit(t, p, { method: 'ewallet', amount: 20 })).json.data;
    const raw = event(invoiceId, 'payment.succeeded');
    expect((await webhook(t, raw, null)).status).toBe(401);
    expect((await webhook(t, raw, sign(`${raw} `))).status).toBe(401);
    expect((await webhook(t, raw, 'zz')).status).toBe(401);
    expect(await invoice(t, p, invoiceId)).toMatchObject({ status: 1 });
    const ok = await webhook(t, raw);
    expect(ok.status).toBe(200);
    expect(ok.json.data).toEqual({ applied: true });
    expect(await account(t, p)).toMatchObject({ realBalance: 20 });
  });

  it('a replayed event is applied once', async () => {
    const p = await paymentPlayer(t);
    const { invoiceId } = (await deposit(t, p, { method: 'ewallet', amount: 20 })).json.data;
    const raw = event(invoiceId, 'payment.succeeded');
    const results = await Promise.all([webhook(t, raw), webhook(t, raw), webhook(t, raw)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.json.data.applied)).toHaveLength(1);
    expect(await account(t, p)).toMatchObject({ realBalance: 20 });
    const updates = (await outboxOf(t, p.playerId)).filter((e) => e.data.invoice.status === 2);
    expect(updates).toHaveLength(1);
  });

  it('out of order: a failure after a success, or a success after a failure, changes nothing', async () => {
    const p = await paymentPlayer(t);
    const a = (await deposit(t, p, { method: 'ewallet', amount: 20 })).json.data.invoiceId;
    expect((await webhook(t, event(a, 'payment.succeeded'))).json.data.applied).toBe(true);
    expect((await webhook(t, event(a, 'payment.failed'))).json.data.applied).toBe(false);
    expect(await invoice(t, p, a)).toMatchObject({ status: 2 });
    const b = (await deposit(t, p, { method: 'ewallet', amount: 30 })).json.data.invoiceId;
    expect((await webhook(t, event(b, 'payment.failed'))).json.data.applied).toBe(true);
    expect((await webhook(t, event(b, 'payment.succeeded'))).json.data.applied).toBe(false);
    expect(await invoice(t, p, b)).toMatchObject({ status: 3 });
    expect(await account(t, p)).toMatchObject({ realBalance: 20 });
    expect((await webhook(t, event(randomUUID(), 'payment.succeeded'))).json.data.applied).toBe(false);
    expect((await webhook(t, JSON.stringify({ id: 'x', type: 'nope', reference: 'r' }))).status).toBe(422);
  });
});

describe('races', () => {
  it('a decline and the settlement of one withdrawal at once: exactly one wins', async () => {
    const p = await paymentPlayer(t);
    await deposit(t, p, card('4242424242424242', 100));
    const { invoiceId } = (await withdraw(t, p, 40)).json.data;
    const [declined] = await Promise.all([
      t.call('PUT', `/api/payment/invoices/${invoiceId}/decline`, { token: p.token }),
      t.app.payment.sweep(later(11)),
    ]);
    const final = await invoice(t, p, invoiceId);
    if (declined.status === 200) {
      expect(final).toMatchObject({ status: 3, statusResult: 'declined' });
      expect(await account(t, p)).toMatchObject({ realBalance: 100, lockedBalance: 0 });
    } else {
      expect(declined.status).toBe(422);
      expect(final).toMatchObject({ status: 2 });
      expect(await account(t, p)).toMatchObject({ realBalance: 60, lockedBalance: 0 });
    }
  });

  it('a success and a failure event for one deposit at once: exactly one applies', async () => {
    const p = await paymentPlayer(t);
    const { invoiceId } = (await deposit(t, p, { method: 'ewallet', amount: 20 })).json.data;
    const body = (type: string) => JSON.stringify({ id: `evt_${randomUUID()}`, type, reference: `sbx_${invoiceId}` });
    const results = await Promise.all([webhook(t, body('payment.succeeded')), webhook(t, body('payment.failed'))]);
    expect(results.filter((r) => r.json.data.applied)).toHaveLength(1);
    const final = await invoice(t, p, invoiceId);
    expect((await account(t, p)).realBalance).toBe(final!.status === 2 ? 20 : 0);
  });
});

describe('invoice history and statistics', () => {
  let p: Player;
  beforeAll(async () => {
    p = await paymentPlayer(t);
    await deposit(t, p, card('4242424242424242', 100));
    await deposit(t, p, card('4242424242424242', 50));
    await deposit(t, p, card('4000000000000002', 10));
    const { invoiceId } = (await withdraw(t, p, 30)).json.data;
    await t.app.payment.sweep(later(11));
    expect(await invoice(t, p, invoiceId)).toMatchObject({ status: 2 });
  });

  it('pages and filters', async () => {
    const all = await t.call('GET', '/api/payment/invoices?page=1&perPage=2', { token: p.token });
    expect(all.status).toBe(200);
    expect(all.json.meta).toEqual({ page: 1, perPage: 2, totalRows: 4, totalPages: 2 });
    expect(all.json.data[0]).toMatchObject({ invoiceType: 2, amount: 30, transactionCurrency: 'EUR' });
    const deposits = await t.call('GET', '/api/payment/invoices?type=1&status=2', { token: p.token });
    expect(deposits.json.data.map((i: { amount: number }) => i.amount)).toEqual([50, 100]);
    const future = await t.call('GET', `/api/payment/invoices?dateFrom=${later(3600).toISOString()}`, {
      token: p.token,
    });
    expect(future.json.data).toEqual([]);
    const none = await t.call('GET', '/api/payment/invoices?currency=USD', { token: p.token });
    expect(none.json.data).toEqual([]);
    const bad = await t.call('GET', '/api/payment/invoices?status=9&dateFrom=yesterday', { token: p.token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['dateFrom', 'status']);
  });

  it('totals per currency in major and base units', async () => {
    const res = await t.call('GET', '/api/payment/invoices/statistics', { token: p.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        depositsCount: 2,
        withdrawalsCount: '1',
        depositsSum: 150,
        withdrawalsSum: 30,
        lastDepositAmount: 50,
        lastWithdrawalAmount: 30,
        depositsSumBaseCurrency: 150,
        lastDepositProcessedAt: expect.any(String),
        purchasesSum: null,
      }),
    ]);
    const fresh = await paymentPlayer(t);
    expect((await t.call('GET', '/api/payment/invoices/statistics', { token: fresh.token })).json.data).toEqual([]);
  });
});
