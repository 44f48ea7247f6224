import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { card, deposit, type Player, paymentPlayer, paymentTestApp } from '../payment/helpers.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { rows } from '../wallet/db.ts';

// Declined deposits reach the compliance flags through the payment module's `onDepositFailed` hooks (decision
// 0114), wired in app.ts: every way a deposit fails (declined at once, on the provider's pages, superseded).

let t: PlayerTestApp;
beforeAll(async () => {
  t = await paymentTestApp();
});
afterAll(() => t.close());

const DECLINED = '4000000000000002';
const THREE_DS = '4000002760003184';

const flagsOf = async (playerId: string) => {
  await t.app.outbox.drain();
  return rows(
    t.database.db,
    sql`select kind, count, evidence->>'declined' as declined from compliance.flags where player_id = ${playerId}
         and kind = 'deposits_declined'`,
  );
};
const declinedToday = async (p: Player) => {
  await t.app.outbox.drain();
  const [row] = await rows(
    t.database.db,
    sql`select coalesce(sum(deposits_declined), 0)::int as n from compliance.player_days where player_id = ${p.playerId}`,
  );
  return Number(row?.n);
};

describe(`declined deposits raise the compliance flag (${databaseKind})`, () => {
  it('three sandbox cards declined at once: one flag, on the third', async () => {
    const p = await paymentPlayer(t);
    for (const n of [1, 2]) {
      const res = await deposit(t, p, card(DECLINED, 10 * n));
      expect(res.status).toBe(200);
    }
    expect(await flagsOf(p.playerId)).toEqual([]);
    expect(await declinedToday(p)).toBe(2);
    await deposit(t, p, card(DECLINED, 30));
    expect(await flagsOf(p.playerId)).toEqual([{ kind: 'deposits_declined', count: 1, declined: '3' }]);
    // A fourth adds nothing: the flag is raised on the crossing.
    await deposit(t, p, card(DECLINED, 40));
    expect(await flagsOf(p.playerId)).toEqual([{ kind: 'deposits_declined', count: 1, declined: '3' }]);
  });

  it('a 3-D Secure page declined counts; a crypto address superseded by another network does not', async () => {
    const p = await paymentPlayer(t);
    const pending = (await deposit(t, p, card(THREE_DS, 10))).json.data;
    await t.app.payment.decide(pending.invoiceId, false);
    expect(await declinedToday(p)).toBe(1);

    const eth = await paymentPlayer(t, 'ETH');
    const body = { method: 'crypto', currency: 'ETH', amount: '0.5', fields: { crypto_network: 'erc20' } };
    for (let i = 0; i < 3; i++) await deposit(t, eth, body);
    const [superseded] = await rows(
      t.database.db,
      sql`select count(*)::int as n from payment.invoices where player_id = ${eth.playerId} and status = 3`,
    );
    expect(Number(superseded?.n)).toBe(2);
    expect(await declinedToday(eth)).toBe(0);
  });
});
