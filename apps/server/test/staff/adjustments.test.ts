import { randomUUID } from 'node:crypto';
import { ErrorCode, StaffChannel } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededTable } from '../../src/modules/settings/index.ts';
import { accountsChannel } from '../../src/modules/wallet/index.ts';
import { ledgerViolations } from '../wallet/db.ts';
import {
  adjust,
  adjustmentRowsOf,
  approve,
  auditOf,
  createPlayerTestApp,
  fundedPlayer,
  movementsOf,
  type PlayerTestApp,
  realOf,
  reject,
  rows,
} from './adjustments-helpers.ts';
import { signedInStaff } from './helpers.ts';

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
});
afterAll(() => t.close());

describe('an adjustment within the maker cap', () => {
  it('applies at once: one staff.adjustment movement against the house, its audit row, the live balance', async () => {
    const payments = await signedInStaff(t, 'payments');
    const { playerId } = await fundedPlayer(t, 'EUR', 100);
    const res = await adjust(t, payments, { playerId, amount: 25.5 });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const adjustment = res.json.data;
    expect(adjustment).toMatchObject({
      playerId,
      currency: 'EUR',
      amount: 25.5,
      reason: 'Goodwill after a game fault',
      status: 'applied',
      requestedBy: payments.id,
      decidedBy: payments.id,
    });
    expect(adjustment.decidedAt).toBe(adjustment.createdAt);
    expect(await realOf(t, playerId)).toBe(12_550n);

    // One movement, its entries summing to zero, the house adjustment account on the other side.
    const moves = await movementsOf(t, playerId);
    expect(moves).toHaveLength(1);
    const entries = await rows(
      t,
      sql`select e.amount::text as amount, a.owner_kind, a.purpose from wallet.entries e
          join wallet.accounts a on a.id = e.account_id where e.transaction_id = ${moves[0].id} order by e.amount`,
    );
    expect(entries).toEqual([
      { amount: '-2550', owner_kind: 'house', purpose: 'adjustment' },
      { amount: '2550', owner_kind: 'player', purpose: null },
    ]);
    const [row] = await adjustmentRowsOf(t, playerId);
    expect(row).toMatchObject({ transaction_id: moves[0].id, base_amount: '2550', status: 'applied' });

    const audit = await auditOf(t, playerId);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'adjustment.apply',
        staff_id: payments.id,
        target_id: adjustment.id,
        reason: 'Goodwill after a game fault',
        result: 'ok',
        before: { status: null, realBalance: 100 },
        after: expect.objectContaining({
          status: 'applied',
          amount: 25.5,
          realBalance: 125.5,
          transactionId: moves[0].id,
          cap: 100,
        }),
      }),
    ]);

    // The wallet's own balance event reaches the player's site.
    const events = await t.published(accountsChannel(playerId));
    expect(events.at(-1)?.data).toMatchObject({ account: { currency: 'EUR', realBalance: 125.5 } });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('debits the real balance, never below zero (422, nothing written)', async () => {
    const payments = await signedInStaff(t, 'payments');
    const { playerId } = await fundedPlayer(t, 'EUR', 20);
    const debit = await adjust(t, payments, { playerId, amount: -7.25 });
    expect(debit.status, JSON.stringify(debit.json)).toBe(201);
    expect(debit.json.data).toMatchObject({ amount: -7.25, status: 'applied' });
    expect(await realOf(t, playerId)).toBe(1_275n);

    const beyond = await adjust(t, payments, { playerId, amount: -12.76 });
    expect(beyond.status).toBe(422);
    expect(beyond.json.error.code).toBe(ErrorCode.validation);
    expect(beyond.json.error.fields.amount[0]).toMatch(/below zero/);
    expect(await realOf(t, playerId)).toBe(1_275n);
    expect(await adjustmentRowsOf(t, playerId)).toHaveLength(1);
    expect(await movementsOf(t, playerId)).toHaveLength(1);
    expect((await auditOf(t, playerId)).map((a) => a.action)).toEqual(['adjustment.apply']);

    // Exactly to zero is fine.
    expect((await adjust(t, payments, { playerId, amount: -12.75 })).status).toBe(201);
    expect(await realOf(t, playerId)).toBe(0n);
  });
});

describe('an adjustment above the maker cap (four-eyes)', () => {
  it('waits, moving nothing; the maker cannot approve it (20004); another approver applies it once (20005 after)', async () => {
    const maker = await signedInStaff(t, 'admin', { cap: 1_000n });
    const checker = await signedInStaff(t, 'admin');
    const { playerId } = await fundedPlayer(t, 'EUR', 100);

    const res = await adjust(t, maker, { playerId, amount: 10.01 });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const pending = res.json.data;
    expect(pending).toMatchObject({ status: 'pending', decidedBy: null, decidedAt: null, requestedBy: maker.id });
    expect(await realOf(t, playerId)).toBe(10_000n);
    expect(await movementsOf(t, playerId)).toHaveLength(0);
    expect(await auditOf(t, playerId)).toEqual([
      expect.objectContaining({
        action: 'adjustment.request',
        staff_id: maker.id,
        before: null,
        after: { status: 'pending', amount: 10.01, currency: 'EUR', baseAmount: 10.01, cap: 10 },
      }),
    ]);

    const own = await approve(t, maker, pending.id);
    expect(own.status).toBe(409);
    expect(own.json.error.code).toBe(ErrorCode.fourEyes);
    expect(await realOf(t, playerId)).toBe(10_000n);

    const ok = await approve(t, checker, pending.id, 'Checked the game log');
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data).toMatchObject({ id: pending.id, status: 'applied', decidedBy: checker.id });
    expect(ok.json.data.decidedAt).not.toBeNull();
    expect(await realOf(t, playerId)).toBe(11_001n);
    expect(await movementsOf(t, playerId)).toHaveLength(1);

    for (const again of [await approve(t, checker, pending.id), await reject(t, checker, pending.id, 'Too late now')]) {
      expect(again.status).toBe(409);
      expect(again.json.error.code).toBe(ErrorCode.alreadyDecided);
    }
    expect(await movementsOf(t, playerId)).toHaveLength(1);

    const audit = await auditOf(t, playerId);
    expect(audit.map((a) => a.action)).toEqual(['adjustment.request', 'adjustment.approve']);
    expect(audit[1]).toMatchObject({
      staff_id: checker.id,
      reason: 'Checked the game log',
      before: { status: 'pending', realBalance: 100 },
      after: { status: 'applied', realBalance: 110.01, requestedBy: maker.id },
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('a payments maker above its default cap of 100 EUR waits too, and cannot approve at all (20003)', async () => {
    const payments = await signedInStaff(t, 'payments');
    const { playerId } = await fundedPlayer(t, 'EUR', 0);
    const res = await adjust(t, payments, { playerId, amount: 100.01 });
    expect(res.json.data.status).toBe('pending');
    const denied = await approve(t, payments, res.json.data.id);
    expect(denied.status).toBe(403);
    expect(denied.json.error.code).toBe(ErrorCode.staffForbidden);
    expect((await adjust(t, payments, { playerId, amount: 100 })).json.data.status).toBe('applied');
  });

  it('an approval without a reason is made for the maker reason', async () => {
    const maker = await signedInStaff(t, 'payments');
    const checker = await signedInStaff(t, 'owner');
    const { playerId } = await fundedPlayer(t, 'EUR', 0);
    const { id } = (await adjust(t, maker, { playerId, amount: 500, reason: 'Lost deposit found' })).json.data;
    expect((await approve(t, checker, id)).status).toBe(200);
    const audit = await auditOf(t, playerId);
    expect(audit.at(-1)).toMatchObject({ action: 'adjustment.approve', reason: 'Lost deposit found' });
  });

  it('rejects: nothing moves, the reason is required, and it is decided for good', async () => {
    const maker = await signedInStaff(t, 'payments');
    const checker = await signedInStaff(t, 'admin');
    const { playerId } = await fundedPlayer(t, 'EUR', 10);
    const { id } = (await adjust(t, maker, { playerId, amount: 250 })).json.data;

    const noReason = await reject(t, checker, id);
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.fields.reason).toBeDefined();

    const res = await reject(t, checker, id, 'No game fault in the logs');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ id, status: 'rejected', decidedBy: checker.id });
    expect(await realOf(t, playerId)).toBe(1_000n);
    expect(await movementsOf(t, playerId)).toHaveLength(0);
    const again = await approve(t, checker, id);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe(ErrorCode.alreadyDecided);
    expect((await auditOf(t, playerId)).map((a) => [a.action, a.reason])).toEqual([
      ['adjustment.request', 'Goodwill after a game fault'],
      ['adjustment.reject', 'No game fault in the logs'],
    ]);
  });

  it('re-checks the balance at approval: a debit the balance can no longer take is 422 and stays pending', async () => {
    const maker = await signedInStaff(t, 'admin', { cap: 0n });
    const checker = await signedInStaff(t, 'owner');
    const { playerId } = await fundedPlayer(t, 'EUR', 100);

    // Beyond the balance already when asked: refused at once.
    const hopeless = await adjust(t, maker, { playerId, amount: -100.01 });
    expect(hopeless.status).toBe(422);
    expect(hopeless.json.error.fields.amount).toBeDefined();

    const { id } = (await adjust(t, maker, { playerId, amount: -60 })).json.data;
    expect((await adjust(t, checker, { playerId, amount: -50 })).json.data.status).toBe('applied');
    const res = await approve(t, checker, id);
    expect(res.status).toBe(422);
    expect(res.json.error.fields.amount[0]).toMatch(/50 EUR available/);
    const [row] = (await adjustmentRowsOf(t, playerId)).filter((r) => r.id === id);
    expect(row).toMatchObject({ status: 'pending', decided_by: null, transaction_id: null });
    expect(await realOf(t, playerId)).toBe(5_000n);
    // The maker may withdraw their own request (it moves nothing).
    const withdrawn = await reject(t, maker, id, 'Balance spent meanwhile');
    expect(withdrawn.json.data).toMatchObject({ status: 'rejected', decidedBy: maker.id });
  });
});

describe('the dashboard', () => {
  it('hears when a pending adjustment appears or is decided, not of one applied at once', async () => {
    const maker = await signedInStaff(t, 'payments');
    const checker = await signedInStaff(t, 'admin');
    const { playerId } = await fundedPlayer(t, 'EUR', 0);
    const waiting = async () =>
      (await t.published(StaffChannel.dashboard)).filter(
        (m) => (m.data as { tile?: string }).tile === 'adjustmentsWaiting',
      ).length;
    const before = await waiting();
    expect((await adjust(t, maker, { playerId, amount: 1 })).json.data.status).toBe('applied');
    expect(await waiting()).toBe(before);
    const first = (await adjust(t, maker, { playerId, amount: 101 })).json.data;
    const second = (await adjust(t, maker, { playerId, amount: 102 })).json.data;
    expect(await waiting()).toBe(before + 2);
    await approve(t, checker, first.id);
    await reject(t, checker, second.id, 'Not owed');
    expect(await waiting()).toBe(before + 4);
    await approve(t, checker, first.id); // already decided: nothing changed, nothing said
    expect(await waiting()).toBe(before + 4);
  });
});

describe('caps in the base currency', () => {
  it('converts a USD amount to EUR at the current rate (108 USD = 100 EUR)', async () => {
    const payments = await signedInStaff(t, 'payments');
    const { playerId } = await fundedPlayer(t, 'USD', 0);
    const atCap = await adjust(t, payments, { playerId, currency: 'USD', amount: 108 });
    expect(atCap.json.data).toMatchObject({ currency: 'USD', amount: 108, status: 'applied' });
    const above = await adjust(t, payments, { playerId, currency: 'USD', amount: -108.01 });
    expect(above.status, JSON.stringify(above.json)).toBe(422); // pending, but beyond the balance
    const credit = await adjust(t, payments, { playerId, currency: 'USD', amount: 108.01 });
    expect(credit.json.data.status).toBe('pending');
    const bases = (await adjustmentRowsOf(t, playerId)).map((r) => r.base_amount);
    expect(bases).toEqual(['10000', '10001']);
    expect(await realOf(t, playerId, 'USD')).toBe(10_800n);
  });

  it('a currency without a rate waits for a second person (fails closed)', async () => {
    const payments = await signedInStaff(t, 'payments');
    const { playerId } = await fundedPlayer(t, 'USD', 0);
    const current = t.app.rates.current;
    const rates = new Map(seededTable.rates);
    rates.delete('USD');
    t.app.rates.current = () => ({ base: seededTable.base, rates });
    try {
      const res = await adjust(t, payments, { playerId, currency: 'USD', amount: 0.01 });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json.data.status).toBe('pending');
    } finally {
      t.app.rates.current = current;
    }
    const [row] = await adjustmentRowsOf(t, playerId);
    expect(row.base_amount).toBeNull();
    expect((await auditOf(t, playerId))[0].after).toMatchObject({ status: 'pending', baseAmount: null, cap: 100 });
    expect(await realOf(t, playerId, 'USD')).toBe(0n);
  });
});

describe('bad requests', () => {
  it('refuses what it cannot do with a 422 on the field, writing nothing', async () => {
    const payments = await signedInStaff(t, 'payments');
    const { playerId } = await fundedPlayer(t, 'EUR', 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: undefined }, 'reason'],
      [{ reason: 'no' }, 'reason'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 1.001 }, 'amount'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ currency: 'BTC' }, 'currency'], // a real currency the player has no account in
      [{ idempotencyKey: 'again' }, 'idempotencyKey'],
      [{ playerId: randomUUID() }, 'playerId'],
    ];
    for (const [change, field] of cases) {
      const body = { playerId, amount: 1, ...change };
      const res = await adjust(t, payments, body as never);
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(Object.keys(res.json.error.fields), JSON.stringify(change)).toContain(field);
    }
    expect(await adjustmentRowsOf(t, playerId)).toHaveLength(0);
    expect(await auditOf(t, playerId)).toHaveLength(0);
  });

  it('404 for an unknown adjustment; 403 (audited) for a role without the permission', async () => {
    const admin = await signedInStaff(t, 'admin');
    expect((await approve(t, admin, randomUUID())).status).toBe(404);
    expect((await reject(t, admin, randomUUID(), 'No such thing')).status).toBe(404);
    const support = await signedInStaff(t, 'support');
    const { playerId } = await fundedPlayer(t, 'EUR', 0);
    const res = await adjust(t, support, { playerId, amount: 1 });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe(ErrorCode.staffForbidden);
    const list = await t.request({ method: 'GET', url: '/api/backoffice/adjustments', headers: support.headers });
    expect(list.status).toBe(403);
    const unsigned = await t.request({ method: 'GET', url: '/api/backoffice/adjustments' });
    expect(unsigned.status).toBe(401);
  });
});

describe('GET /adjustments', () => {
  it('lists by status, newest first, paginated', async () => {
    const maker = await signedInStaff(t, 'payments', { cap: 0n });
    const { playerId } = await fundedPlayer(t, 'EUR', 0);
    const ids: string[] = [];
    for (const amount of [1, 2, 3]) ids.push((await adjust(t, maker, { playerId, amount })).json.data.id);
    const page = await t.request({
      method: 'GET',
      url: `/api/backoffice/adjustments?status=pending&playerId=${playerId}&perPage=2`,
      headers: maker.headers,
    });
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    expect(page.json.data.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[1]]);
    expect(page.json.meta).toEqual({ page: 1, perPage: 2, totalPages: 2, totalRows: 3 });
    const applied = await t.request({
      method: 'GET',
      url: `/api/backoffice/adjustments?status=applied&playerId=${playerId}`,
      headers: maker.headers,
    });
    expect(applied.json.data).toEqual([]);
    const all = await t.request({
      method: 'GET',
      url: '/api/backoffice/adjustments?status=pending',
      headers: maker.headers,
    });
    expect(all.json.data.every((a: { status: string }) => a.status === 'pending')).toBe(true);
  });
});
