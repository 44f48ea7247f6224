import { randomUUID } from 'node:crypto';
import type { Message } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  card,
  deposit,
  invoice,
  type Player,
  paymentPlayer,
  paymentTestApp,
  turnOverOff,
  webhook,
  withdraw,
} from '../payment/helpers.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { messageEventsOf, messagesPage, storedOf } from './helpers.ts';

let t: PlayerTestApp;
beforeAll(async () => {
  t = await paymentTestApp();
  // Payments withdraw their deposits at once: the turn-over wager is off here (tested in risk/turn-over).
  await turnOverOff(t);
});
afterAll(() => t.close());

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
const list = async (p: Player) => (await messagesPage(t, p.token)).json.data as Message[];
const longDate = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

describe('payment messages', () => {
  it('a settled deposit makes exactly one message and one event, even when the webhook is replayed', async () => {
    const p = await paymentPlayer(t);
    const { invoiceId } = (await deposit(t, p, { method: 'ewallet', amount: '20.50' })).json.data;
    expect(await list(p)).toEqual([]);
    const raw = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.succeeded', reference: `sbx_${invoiceId}` });
    const results = await Promise.all([webhook(t, raw), webhook(t, raw), webhook(t, raw)]);
    expect(results.filter((r) => r.json.data.applied)).toHaveLength(1);
    // A different event id for the same, already settled invoice changes nothing either.
    const other = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      reference: `sbx_${invoiceId}`,
    });
    expect((await webhook(t, other)).json.data.applied).toBe(false);

    const created = (await invoice(t, p, invoiceId))!.createdAt as string;
    const messages = await list(p);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      playerId: p.playerId,
      state: 1,
      content: {
        title: 'Deposit credited',
        body: `Your deposit of 20.50 EUR made on ${longDate(created, 'en')} has been credited to your balance.`,
        link: { url: '/profile/history', label: 'Payment history' },
      },
    });
    const events = await messageEventsOf(t, p.playerId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data.message).toEqual(messages[0]);
    // The publication names its invoice, so the tab that acted on it can skip a second alert.
    expect(events[0]!.data.invoiceId).toBe(invoiceId);
  });

  it('a declined card deposit says so', async () => {
    const p = await paymentPlayer(t);
    await deposit(t, p, card('4000 0000 0000 0002', 15));
    const [m] = await list(p);
    expect(m!.content.title).toBe('Deposit failed');
    expect(m!.content.body).toContain('15.00 EUR');
    expect(await messageEventsOf(t, p.playerId)).toHaveLength(1);
  });

  it('withdrawals: paid out, returned by the bank, and cancelled by the player', async () => {
    const p = await paymentPlayer(t);
    await deposit(t, p, card('4242424242424242', 100));
    const paid = (await withdraw(t, p, 25)).json.data.invoiceId;
    await t.app.payment.sweep(later(11));
    expect(await invoice(t, p, paid)).toMatchObject({ status: 2 });
    const cancelled = (await withdraw(t, p, 20)).json.data.invoiceId;
    expect((await t.call('PUT', `/api/payment/invoices/${cancelled}/decline`, { token: p.token })).status).toBe(200);
    // The sandbox bank refuses a transfer to an IBAN ending in 0002 (docs/decisions/0015).
    const returned = (await withdraw(t, p, 30, 'DE89370400440532010002')).json.data.invoiceId;
    await t.app.payment.sweep(later(11));
    expect(await invoice(t, p, returned)).toMatchObject({ status: 3 });
    const messages = await list(p);
    expect(messages.map((m) => m.content.title)).toEqual([
      'Withdrawal declined',
      'Withdrawal cancelled',
      'Withdrawal paid out',
      'Deposit credited',
    ]);
    expect(messages[0]!.content.body).toContain('30.00 EUR');
    expect(messages[0]!.content.body).toContain('back in your balance');
    expect(await messageEventsOf(t, p.playerId)).toHaveLength(4);
  });

  it('a crypto address replaced by a newer one makes no message', async () => {
    const p = await paymentPlayer(t, 'BTC');
    const body = { method: 'crypto', currency: 'BTC', amount: '0.01', fields: { crypto_network: 'bitcoin' } };
    await deposit(t, p, body);
    await deposit(t, p, body);
    expect(await list(p)).toEqual([]);
    expect(await storedOf(t, p.playerId)).toEqual([]);
  });

  it("renders in the player's language at read time, so a language switch changes old messages too", async () => {
    const p = await paymentPlayer(t);
    await deposit(t, p, card('4242424242424242', '1234.5'));
    const [en] = await list(p);
    expect(en!.content.body).toContain('1,234.50 EUR');
    const put = await t.call('PUT', '/api/player/profile', {
      token: p.token,
      body: { locale: 'de', timeZone: 'Pacific/Honolulu' },
    });
    expect(put.status).toBe(200);
    const [de] = await list(p);
    expect(de!.id).toBe(en!.id);
    expect(de!.content.title).toBe('Einzahlung gutgeschrieben');
    expect(de!.content.body).toContain('1.234,50 EUR');
    expect(de!.content.link).toEqual({ url: '/profile/history', label: 'Zahlungsverlauf' });
    const date = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'Pacific/Honolulu' }).format(
      new Date(en!.createdAt),
    );
    expect(de!.content.body).toContain(date);
    // A new message's real-time event is rendered in the language of the moment too.
    await deposit(t, p, card('4000000000000002', 10));
    const events = await messageEventsOf(t, p.playerId);
    expect(events.map((e) => e.data.message.content.title)).toEqual(['Deposit credited', 'Einzahlung fehlgeschlagen']);
  });
});
