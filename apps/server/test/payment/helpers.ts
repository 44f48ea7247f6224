import { createHmac } from 'node:crypto';
import { setTurnOverSetting } from '../../src/modules/risk/index.ts';
import type { TestAppOptions } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';

export const WEBHOOK_SECRET = 'payment-webhook-test-secret-0123456789abcdef';

export const paymentTestApp = (
  env: Record<string, string> = {},
  options: Pick<TestAppOptions, 'checks' | 'withdrawalReview'> = {},
) => createPlayerTestApp({ PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, ...env }, options);

/**
 * The operator switches the turn-over wager off (N = 0; decision 0076): for tests about payments themselves,
 * which deposit and withdraw at once. The rule is tested in test/risk/turn-over.test.ts.
 */
export const turnOverOff = (t: PlayerTestApp) => setTurnOverSetting(t.database.db, { enabled: true, multiplier: 0 });

export const sign = (raw: string) => createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');

/** A registered player with its token and the id of its account in `currency`. */
export async function paymentPlayer(t: PlayerTestApp, currency = 'EUR') {
  const { auth } = await registerPlayer(t, undefined, { currency });
  const token = auth.accessToken;
  const accounts = (await t.call('GET', '/api/wallet/accounts', { token })).json.data as {
    id: string;
    currency: string;
  }[];
  return { token, playerId: auth.profile.id, accountId: accounts.find((a) => a.currency === currency)!.id };
}

export type Player = Awaited<ReturnType<typeof paymentPlayer>>;

export const account = async (t: PlayerTestApp, p: Player) =>
  (
    (await t.call('GET', '/api/wallet/accounts', { token: p.token })).json.data as Record<string, number | string>[]
  ).find((a) => a.id === p.accountId)!;

export const invoice = async (t: PlayerTestApp, p: Player, id: string) =>
  (
    (await t.call('GET', '/api/payment/invoices?perPage=100', { token: p.token })).json.data as Record<
      string,
      unknown
    >[]
  ).find((i) => i.id === id);

export const deposit = (t: PlayerTestApp, p: Player, body: Record<string, unknown>) =>
  t.call('POST', '/api/payment/invoices/deposit', {
    token: p.token,
    body: {
      currency: 'EUR',
      accountId: p.accountId,
      redirectSuccessUrl: '/wallet/success',
      redirectErrorUrl: '/wallet/error',
      isBonusDecline: false,
      ...body,
    },
  });

export const card = (number: string, amount: number | string = 50) => ({
  method: 'card',
  amount,
  fields: { cardholder: 'Ada Lovelace', card_number: number, expiry: '12/30', cvc: '123' },
});

export const withdraw = (t: PlayerTestApp, p: Player, amount: number | string, iban = 'DE89370400440532013000') =>
  t.call('POST', '/api/payment/invoices/withdrawal', {
    token: p.token,
    body: {
      method: 'bank_transfer',
      currency: 'EUR',
      amount,
      accountId: p.accountId,
      fields: { account_holder: 'Ada Lovelace', iban },
    },
  });

/** Posts a raw event; `signature` null sends no signature header. */
export const webhook = (t: PlayerTestApp, raw: string, signature: string | null = sign(raw)) =>
  t.request({
    method: 'POST',
    url: '/api/payment/webhooks/sandbox',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-sandbox-signature': signature } : {}) },
    payload: raw,
  });

/** The invoice events published to a player, oldest first. */
export const outboxOf = async (t: PlayerTestApp, playerId: string) =>
  (await t.published(`payment:invoices#${playerId}`)).map(({ event, data }) => ({
    event,
    data: data as { event: string; invoice: Record<string, unknown> },
  }));
