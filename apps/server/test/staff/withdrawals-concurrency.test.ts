import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { ledgerViolations } from '../wallet/db.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';
import {
  account,
  auditFor,
  decide,
  fundedPlayer,
  later,
  movementsOfInvoice,
  reviewOf,
  reviewTestApp,
  withdraw,
} from './withdrawals-helpers.ts';

// Races on one withdrawal (decision 0112), on the database the suite runs on (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): every path that ends a review locks the invoice row first, so one outcome, money once.

let t: PlayerTestApp;
let a: TestStaff;
let b: TestStaff;
beforeAll(async () => {
  t = await reviewTestApp();
  a = await signedInStaff(t, 'payments');
  b = await signedInStaff(t, 'payments');
});
afterAll(() => t.close());

const ROUNDS = 5;

describe(`concurrent decisions (${databaseKind})`, () => {
  it('approve and reject at once: one wins, the other hears 20005; the money moves once', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const p = await fundedPlayer(t, 100);
      const { invoiceId } = (await withdraw(t, p, 40)).json.data;
      const [approve, reject] = await Promise.all([
        decide(t, a, invoiceId, 'approve'),
        decide(t, b, invoiceId, 'reject', 'Race'),
      ]);
      const statuses = [approve.status, reject.status].sort();
      expect(statuses, JSON.stringify([approve.json, reject.json])).toEqual([200, 409]);
      await t.app.payment.sweep(later(3600));
      const review = await reviewOf(t, invoiceId);
      const moves = await movementsOfInvoice(t, invoiceId);
      if (approve.status === 200) {
        expect(review).toMatchObject({ status: 'paid', invoice_status: 2 });
        expect(moves).toEqual(['payment.withdrawal.lock', 'payment.withdrawal.settle']);
        expect(await account(t, p)).toMatchObject({ realBalance: 60, lockedBalance: 0 });
      } else {
        expect(review).toMatchObject({ status: 'rejected', invoice_status: 3 });
        expect(moves).toEqual(['payment.withdrawal.lock', 'payment.withdrawal.return']);
        expect(await account(t, p)).toMatchObject({ realBalance: 100, lockedBalance: 0 });
      }
      expect(await auditFor(t, invoiceId)).toHaveLength(1);
    }
  });

  it('two approvals at once: one sends it on, the other hears 20005; one audit row', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const p = await fundedPlayer(t, 100);
      const { invoiceId } = (await withdraw(t, p, 30)).json.data;
      const answers = await Promise.all([decide(t, a, invoiceId, 'approve'), decide(t, b, invoiceId, 'approve')]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await auditFor(t, invoiceId)).toHaveLength(1);
      expect((await reviewOf(t, invoiceId)).approvals).toHaveLength(1);
    }
  });

  it("the player's decline and a staff approval at once: one outcome, the money moves once", async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < ROUNDS * 2; i++) {
      const p = await fundedPlayer(t, 100);
      const { invoiceId } = (await withdraw(t, p, 50)).json.data;
      const [decline, approve] = await Promise.all([
        t.call('PUT', `/api/payment/invoices/${invoiceId}/decline`, { token: p.token }),
        decide(t, a, invoiceId, 'approve'),
      ]);
      await t.app.payment.sweep(later(3600));
      const review = await reviewOf(t, invoiceId);
      const moves = await movementsOfInvoice(t, invoiceId);
      // The decline always ends it (the sandbox calls back a payout it has not paid); an approval that came
      // second hears 20005. Either way: cancelled, the money returned once and never paid.
      expect(decline.status, JSON.stringify(decline.json)).toBe(200);
      expect([200, 409]).toContain(approve.status);
      expect(review).toMatchObject({ status: 'cancelled', invoice_status: 3 });
      expect(moves).toEqual(['payment.withdrawal.lock', 'payment.withdrawal.return']);
      expect(await account(t, p)).toMatchObject({ realBalance: 100, lockedBalance: 0 });
      outcomes.add(approve.status === 200 ? 'approved-then-cancelled' : 'cancelled-first');
    }
    expect(outcomes.size).toBeGreaterThan(0);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
