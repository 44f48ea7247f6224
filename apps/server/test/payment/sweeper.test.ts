import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerTestApp } from '../player/helpers.ts';
import { ledgerViolations, rows } from '../wallet/db.ts';
import {
  account,
  card,
  deposit,
  invoice,
  outboxOf,
  paymentPlayer,
  paymentTestApp,
  turnOverOff,
  withdraw,
} from './helpers.ts';

// Confirmations and transfers due at once: the sweeper started with the app settles them on its own.
let t: PlayerTestApp;
beforeAll(async () => {
  t = await paymentTestApp({ CRYPTO_CONFIRMATION_SECONDS: '0', BANK_TRANSFER_SECONDS: '0' });
  // Payments withdraw their deposits at once: the turn-over wager is off here (tested in risk/turn-over).
  await turnOverOff(t);
});
afterAll(() => t.close());

async function until(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe('the sandbox sweeper', () => {
  it('settles a crypto deposit and a bank-transfer withdrawal without any call', async () => {
    const p = await paymentPlayer(t, 'LTC');
    const { invoiceId, qr } = (
      await deposit(t, p, { method: 'crypto', currency: 'LTC', amount: '1.5', fields: { crypto_network: 'litecoin' } })
    ).json.data;
    expect(qr).toMatch(/^litecoin:ltc1q/);
    await until(async () => (await invoice(t, p, invoiceId))?.status === 2);
    expect(await account(t, p)).toMatchObject({ realBalance: 1.5 });

    const q = await paymentPlayer(t);
    await deposit(t, q, card('4242424242424242', 100));
    const out = (await withdraw(t, q, 60)).json.data.invoiceId;
    await until(async () => (await invoice(t, q, out))?.status === 2);
    expect(await account(t, q)).toMatchObject({ realBalance: 40, lockedBalance: 0 });
  });

  it('leaves the ledger consistent with balance events for every movement', async () => {
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    const house = await rows(
      t.database.db,
      sql`select a.currency, sum(e.amount)::text as real from wallet.accounts a join wallet.entries e on e.account_id = a.id
          where a.owner_kind = 'house' and a.purpose = 'payments' and e.part = 'real' group by a.currency order by a.currency`,
    );
    // EUR: −100 deposited + 60 paid out; LTC: −1.5 (minor units).
    expect(house).toEqual([
      { currency: 'EUR', real: '-4000' },
      { currency: 'LTC', real: '-150000000' },
    ]);
    const balances = (await t.published(/./)).filter((m) => m.event === 'account.balance.updated');
    expect(balances.length).toBeGreaterThanOrEqual(4);
    const players = await rows<{ player_id: string }>(
      t.database.db,
      sql`select distinct player_id from payment.invoices`,
    );
    for (const { player_id } of players) expect((await outboxOf(t, player_id)).length).toBeGreaterThanOrEqual(2);
  });
});
