import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdjustment } from '../../src/modules/staff/adjustments/create.ts';
import { approveAdjustment, rejectAdjustment } from '../../src/modules/staff/adjustments/decide.ts';
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
} from './adjustments-helpers.ts';
import { signedInStaff } from './helpers.ts';

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
});
afterAll(() => t.close());

describe('the idempotency key', () => {
  it('sent 10 times at once: one adjustment, one movement, every answer the same', async () => {
    const payments = await signedInStaff(t, 'payments');
    const { playerId } = await fundedPlayer(t, 'EUR', 10);
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => adjust(t, payments, { playerId, amount: 5, idempotencyKey })),
    );
    for (const res of answers) expect(res.status, JSON.stringify(res.json)).toBe(201);
    const bodies = new Set(answers.map((r) => JSON.stringify(r.json)));
    expect(bodies.size).toBe(1);
    expect(answers[0]!.json.data.status).toBe('applied');
    expect(await adjustmentRowsOf(t, playerId)).toHaveLength(1);
    expect(await movementsOf(t, playerId)).toHaveLength(1);
    expect(await realOf(t, playerId)).toBe(1_500n);
    expect(await auditOf(t, playerId)).toHaveLength(1);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('from another staff member: the first answer; with another body: 409', async () => {
    const maker = await signedInStaff(t, 'payments');
    const other = await signedInStaff(t, 'admin');
    const checker = await signedInStaff(t, 'owner');
    const { playerId } = await fundedPlayer(t, 'EUR', 0);
    const idempotencyKey = randomUUID();
    const first = await adjust(t, maker, { playerId, amount: 150, idempotencyKey });
    expect(first.json.data.status).toBe('pending');
    const replay = await adjust(t, other, { playerId, amount: 150, idempotencyKey });
    expect(replay.status).toBe(201);
    expect(replay.json).toEqual(first.json);

    // Decided since: the same key still answers what it first answered, and moves nothing more.
    expect((await approve(t, checker, first.json.data.id)).json.data.status).toBe('applied');
    const later = await adjust(t, maker, { playerId, amount: 150, idempotencyKey });
    expect(later.json).toEqual(first.json);
    expect(await movementsOf(t, playerId)).toHaveLength(1);

    for (const change of [{ amount: 151 }, { reason: 'Another reason entirely' }]) {
      const res = await adjust(t, maker, { playerId, amount: 150, idempotencyKey, ...change });
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.json.error.code).toBe(ErrorCode.conflict);
    }
    expect(await adjustmentRowsOf(t, playerId)).toHaveLength(1);
    expect(await realOf(t, playerId)).toBe(15_000n);
  });

  it('a refused first attempt keeps no key: the same key may try again', async () => {
    const payments = await signedInStaff(t, 'payments');
    const { playerId } = await fundedPlayer(t, 'EUR', 0);
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => adjust(t, payments, { playerId, amount: -1, idempotencyKey })),
    );
    for (const res of answers) expect(res.status).toBe(422);
    expect(await adjustmentRowsOf(t, playerId)).toHaveLength(0);
  });
});

describe('two approvers at once', () => {
  it('exactly one applies; the other is told it was decided (20005)', async () => {
    const maker = await signedInStaff(t, 'payments');
    const [a, b] = [await signedInStaff(t, 'admin'), await signedInStaff(t, 'owner')];
    const { playerId } = await fundedPlayer(t, 'EUR', 0);
    const { id } = (await adjust(t, maker, { playerId, amount: 300 })).json.data;
    const answers = await Promise.all([approve(t, a, id), approve(t, b, id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.json.error.code).toBe(ErrorCode.alreadyDecided);
    expect(await movementsOf(t, playerId)).toHaveLength(1);
    expect(await realOf(t, playerId)).toBe(30_000n);
    expect((await auditOf(t, playerId)).map((r) => r.action)).toEqual(['adjustment.request', 'adjustment.approve']);
  });

  it('an approval and a rejection at once: one decides, the other is 20005', async () => {
    const maker = await signedInStaff(t, 'payments');
    const [a, b] = [await signedInStaff(t, 'admin'), await signedInStaff(t, 'owner')];
    const { playerId } = await fundedPlayer(t, 'EUR', 0);
    const { id } = (await adjust(t, maker, { playerId, amount: 300 })).json.data;
    const answers = await Promise.all([
      approve(t, a, id),
      t.request({
        method: 'POST',
        url: `/api/backoffice/adjustments/${id}/reject`,
        headers: b.headers,
        payload: { reason: 'Not this one' },
      }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await adjustmentRowsOf(t, playerId);
    expect(await movementsOf(t, playerId)).toHaveLength(row.status === 'applied' ? 1 : 0);
  });
});

describe('the audit row is in the money movement transaction', () => {
  /** Makes every audit insert of `action` fail (after the row is written), like a crash before the commit. */
  async function failAfterAudit(action: string, run: () => Promise<void>) {
    const db = t.database.db;
    await db.execute(
      sql.raw(`create or replace function staff.test_fail_audit() returns trigger language plpgsql as $$
        begin if new.action = '${action}' then raise exception 'forced failure after the audit write'; end if;
        return new; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_fail_audit after insert on staff.audit_log
        for each row execute function staff.test_fail_audit()`),
    );
    try {
      await run();
    } finally {
      await db.execute(sql.raw('drop trigger test_fail_audit on staff.audit_log'));
    }
  }

  it('an adjustment applied at once: a failure after its audit row leaves neither row nor movement', async () => {
    const payments = await signedInStaff(t, 'payments');
    const { playerId } = await fundedPlayer(t, 'EUR', 10);
    await failAfterAudit('adjustment.apply', async () => {
      const res = await adjust(t, payments, { playerId, amount: -5 });
      expect(res.status).toBe(500);
    });
    expect(await adjustmentRowsOf(t, playerId)).toHaveLength(0);
    expect(await movementsOf(t, playerId)).toHaveLength(0);
    expect(await auditOf(t, playerId)).toHaveLength(0);
    expect(await realOf(t, playerId)).toBe(1_000n);
  });

  it('an approval: a failure after its audit row leaves it pending, nothing moved', async () => {
    const maker = await signedInStaff(t, 'payments');
    const checker = await signedInStaff(t, 'admin');
    const { playerId } = await fundedPlayer(t, 'EUR', 10);
    const { id } = (await adjust(t, maker, { playerId, amount: 200 })).json.data;
    await failAfterAudit('adjustment.approve', async () => {
      expect((await approve(t, checker, id)).status).toBe(500);
    });
    const [row] = await adjustmentRowsOf(t, playerId);
    expect(row).toMatchObject({ status: 'pending', transaction_id: null, decided_by: null });
    expect(await movementsOf(t, playerId)).toHaveLength(0);
    expect((await auditOf(t, playerId)).map((r) => r.action)).toEqual(['adjustment.request']);
    expect(await realOf(t, playerId)).toBe(1_000n);
    // And once the fault is gone, it applies.
    expect((await approve(t, checker, id)).json.data.status).toBe('applied');
  });

  it('the dashboard call point runs inside the transaction: a throw there undoes the change', async () => {
    const maker = await signedInStaff(t, 'payments');
    const checker = await signedInStaff(t, 'admin');
    const { playerId } = await fundedPlayer(t, 'EUR', 0);
    const seen: string[] = [];
    const failing = {
      db: t.database.db,
      rates: t.app.rates,
      onAdjustmentsChanged: async (_tx: unknown, change: { from: string | null; adjustment: { status: string } }) => {
        seen.push(`${change.from}->${change.adjustment.status}`);
        throw new Error('dashboard down');
      },
    };
    const body = { playerId, currency: 'EUR', amount: 200, reason: 'Goodwill', idempotencyKey: randomUUID() };
    await expect(createAdjustment(failing, maker.id, body)).rejects.toThrow('dashboard down');
    expect(await adjustmentRowsOf(t, playerId)).toHaveLength(0);
    expect(await auditOf(t, playerId)).toHaveLength(0);

    const ok = { db: t.database.db, rates: t.app.rates, onAdjustmentsChanged: async () => {} };
    const pending = await createAdjustment(ok, maker.id, body);
    await expect(approveAdjustment(failing, checker.id, pending.id, undefined)).rejects.toThrow('dashboard down');
    await expect(rejectAdjustment(failing, checker.id, pending.id, 'Not now')).rejects.toThrow('dashboard down');
    expect(seen).toEqual(['null->pending', 'pending->applied', 'pending->rejected']);
    const [row] = await adjustmentRowsOf(t, playerId);
    expect(row.status).toBe('pending');
    expect(await movementsOf(t, playerId)).toHaveLength(0);
    expect((await auditOf(t, playerId)).map((r) => r.action)).toEqual(['adjustment.request']);
  });
});
