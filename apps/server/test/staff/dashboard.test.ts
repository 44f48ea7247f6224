import { randomUUID } from 'node:crypto';
import { DashboardTiles, StaffChannel } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceDashboardChange } from '../../src/modules/staff/index.ts';
import { card, deposit, type Player, paymentPlayer, paymentTestApp } from '../payment/helpers.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';

// The dashboard's tiles and their pushes on `staff:dashboard` (issue 25; docs/decisions/0110). The socket side
// is in test/realtime/staff-channel.test.ts.

let t: PlayerTestApp;
let staff: TestStaff;
let p: Player;
beforeAll(async () => {
  t = await paymentTestApp();
  staff = await signedInStaff(t, 'support');
  p = await paymentPlayer(t);
});
afterAll(() => t.close());

const tiles = async (headers: Record<string, string> = staff.headers): Promise<DashboardTiles> => {
  const res = await t.request({ method: 'GET', url: '/api/backoffice/dashboard', headers });
  expect(res.status).toBe(200);
  return DashboardTiles.parse(res.json.data);
};
const eur = (figures: DashboardTiles) =>
  figures.depositsToday.find((d) => d.currency === 'EUR') ?? { currency: 'EUR', amount: 0, count: 0 };
const dashboardEvents = async () => (await t.published(StaffChannel.dashboard)).map((m) => m.data);

describe('GET /api/backoffice/dashboard', () => {
  it('answers 401 without a staff credential, and to a player’s token', async () => {
    const none = await t.request({ method: 'GET', url: '/api/backoffice/dashboard' });
    expect(none.status).toBe(401);
    expect(none.json.error.code).toBe(20000);
    const player = await t.call('GET', '/api/backoffice/dashboard', { token: p.token });
    expect(player.status).toBe(401);
  });

  it('answers any signed-in staff member, by bearer token or by the back-office cookie', async () => {
    for (const role of ['marketing', 'finance', 'compliance'] as const) {
      const member = await signedInStaff(t, role);
      expect((await tiles(member.headers)).playersOnline).toBeGreaterThanOrEqual(0);
      await tiles({ cookie: `croupier_staff=${member.token}` });
    }
  });

  it('counts and sums the deposits credited today per currency, not pending or failed ones', async () => {
    const before = eur(await tiles());
    expect((await deposit(t, p, card('4242 4242 4242 4242', '50.25'))).status).toBe(200);
    expect((await deposit(t, p, card('4242 4242 4242 4242', 10))).status).toBe(200);
    // Declined: the invoice fails and nothing is credited.
    await deposit(t, p, card('4000 0000 0000 0002', 17));
    const after = eur(await tiles());
    expect(after.count).toBe(before.count + 2);
    expect(after.amount).toBeCloseTo(before.amount + 60.25, 2);

    const usd = await paymentPlayer(t, 'USD');
    await t.request({
      method: 'POST',
      url: '/api/payment/invoices/deposit',
      headers: { authorization: `Bearer ${usd.token}`, 'user-agent': 'vitest' },
      payload: {
        currency: 'USD',
        accountId: usd.accountId,
        redirectSuccessUrl: '/wallet/success',
        redirectErrorUrl: '/wallet/error',
        isBonusDecline: false,
        ...card('4242 4242 4242 4242', 30),
      },
    });
    const figures = await tiles();
    // Currencies are never added together (§1).
    expect(figures.depositsToday.find((d) => d.currency === 'USD')).toEqual({ currency: 'USD', amount: 30, count: 1 });
    expect(eur(figures)).toEqual(after);
  });

  it('counts a deposit on the UTC day it was credited, not the day it was asked for', async () => {
    const res = await deposit(t, p, card('4242 4242 4242 4242', 15));
    const id = res.json.data.invoiceId as string;
    const before = eur(await tiles());
    // Settled a minute before today's 00:00 UTC: yesterday's.
    await t.database.db.execute(
      sql`update payment.invoices set updated_at = date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '1 minute'
          where id = ${id}`,
    );
    const after = eur(await tiles());
    expect(after.count).toBe(before.count - 1);
    expect(after.amount).toBeCloseTo(before.amount - 15, 2);
  });

  it('counts the adjustments waiting for a second person', async () => {
    const before = (await tiles()).adjustmentsWaiting;
    for (const status of ['pending', 'pending', 'applied', 'rejected']) {
      await t.database.db.execute(sql`
        insert into staff.adjustments (idempotency_key, request_hash, player_id, currency, amount, base_amount, reason, status, requested_by)
        values (${randomUUID()}, 'h', ${p.playerId}, 'EUR', 100, 100, 'goodwill', ${status}, ${staff.id})`);
    }
    expect((await tiles()).adjustmentsWaiting).toBe(before + 2);
  });
});

describe('pushes on staff:dashboard', () => {
  it('a credited deposit writes dashboard.changed in its transaction; a declined one writes nothing', async () => {
    const before = (await dashboardEvents()).length;
    await deposit(t, p, card('4000 0000 0000 0002', 14));
    expect(await dashboardEvents()).toHaveLength(before);
    await deposit(t, p, card('4242 4242 4242 4242', 14));
    const events = await dashboardEvents();
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toEqual({ event: 'dashboard.changed', tile: 'depositsToday' });
  });

  it('announceDashboardChange publishes only when its transaction commits', async () => {
    const before = (await dashboardEvents()).length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await announceDashboardChange(tx, 'adjustmentsWaiting');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await dashboardEvents()).toHaveLength(before);
    await t.database.db.transaction((tx) => announceDashboardChange(tx, 'adjustmentsWaiting'));
    expect((await dashboardEvents()).slice(before)).toEqual([
      { event: 'dashboard.changed', tile: 'adjustmentsWaiting' },
    ]);
  });
});
