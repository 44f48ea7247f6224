import { ErrorCode, StaffChannel } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { card, deposit, paymentPlayer, turnOverOff } from '../payment/helpers.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';
import {
  account,
  auditFor,
  decide,
  fundedPlayer,
  later,
  movementsOfInvoice,
  queue,
  reviewOf,
  reviewTestApp,
  setThresholds,
  withdraw,
} from './withdrawals-helpers.ts';

// The withdrawal review (backoffice-api.md §6, decision 0112) through the operator API, on the database the
// suite runs on: the queue, approve (four-eyes), reject, the thresholds and the dashboard's tile.

let t: PlayerTestApp;
let payments: TestStaff;
let payments2: TestStaff;
let owner: TestStaff;
beforeAll(async () => {
  t = await reviewTestApp();
  payments = await signedInStaff(t, 'payments');
  payments2 = await signedInStaff(t, 'payments');
  owner = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

const messagesOf = async (token: string) =>
  (await t.call('GET', '/api/notification/messenger/messages?perPage=50', { token })).json.data as {
    content: { title: string; body: string };
  }[];

describe(`the default: every withdrawal waits for a person (${databaseKind})`, () => {
  it('waits in review with its flags and base amount, pending for the player, and the sweeper leaves it', async () => {
    const p = await fundedPlayer(t);
    const res = await withdraw(t, p, 40);
    expect(res.status).toBe(200);
    const { invoiceId } = res.json.data;
    expect(await reviewOf(t, invoiceId)).toMatchObject({
      status: 'review',
      base_amount: '4000',
      // The IBAN never paid a deposit.
      risk_flags: ['newInstrument'],
      invoice_status: 1,
      due_at: null,
      auto_approved: false,
    });
    expect(await account(t, p)).toMatchObject({ realBalance: 160, lockedBalance: 40 });
    await t.app.payment.sweep(later(3600));
    expect((await reviewOf(t, invoiceId)).invoice_status).toBe(1);
    const listed = await queue(t, payments, `?status=review&playerId=${p.playerId}`);
    expect(listed.status).toBe(200);
    expect(listed.json.meta).toMatchObject({ page: 1, totalRows: 1 });
    expect(listed.json.data[0]).toMatchObject({
      invoiceId,
      playerId: p.playerId,
      amount: 40,
      currency: 'EUR',
      baseAmount: 40,
      baseCurrency: 'EUR',
      method: 'bank_transfer',
      status: 'review',
      kycStatus: 'init',
      riskFlags: ['newInstrument'],
      approvals: [],
      autoApproved: false,
      decidedBy: null,
    });
    expect(listed.json.data[0].email).toContain('@');
  });

  it('approve: on to the provider once, paid by its webhook; deciding again is 20005; audited', async () => {
    const p = await fundedPlayer(t);
    const { invoiceId } = (await withdraw(t, p, 50)).json.data;
    const approved = await decide(t, payments, invoiceId, 'approve');
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.data).toMatchObject({ status: 'approved', approvals: [payments.id], decidedBy: payments.id });
    expect((await reviewOf(t, invoiceId)).due_at).not.toBeNull();
    const again = await decide(t, payments2, invoiceId, 'approve');
    expect([again.status, again.json.error.code]).toEqual([409, ErrorCode.alreadyDecided]);
    const reject = await decide(t, payments2, invoiceId, 'reject', 'Too late to reject');
    expect([reject.status, reject.json.error.code]).toEqual([409, ErrorCode.alreadyDecided]);
    await t.app.payment.sweep(later(3600));
    expect(await reviewOf(t, invoiceId)).toMatchObject({ status: 'paid', invoice_status: 2 });
    expect(await account(t, p)).toMatchObject({ realBalance: 150, lockedBalance: 0 });
    expect(await movementsOfInvoice(t, invoiceId)).toEqual(['payment.withdrawal.lock', 'payment.withdrawal.settle']);
    expect(await auditFor(t, invoiceId)).toMatchObject([
      {
        action: 'withdrawal.approve',
        staff_id: payments.id,
        before: { status: 'review', approvals: [] },
        after: { status: 'approved', approvals: [payments.id], amount: 50, currency: 'EUR' },
      },
    ]);
  });

  it('reject: the money back once, the invoice failed (3), the reason in the messenger; audited', async () => {
    const p = await fundedPlayer(t);
    const { invoiceId } = (await withdraw(t, p, 30)).json.data;
    const noReason = await decide(t, payments, invoiceId, 'reject');
    expect([noReason.status, Object.keys(noReason.json.error.fields)]).toEqual([422, ['reason']]);
    const rejected = await decide(t, payments, invoiceId, 'reject', 'Account holder name does not match');
    expect(rejected.status, JSON.stringify(rejected.json)).toBe(200);
    expect(rejected.json.data).toMatchObject({ status: 'rejected', reason: 'Account holder name does not match' });
    expect(await reviewOf(t, invoiceId)).toMatchObject({
      status: 'rejected',
      invoice_status: 3,
      status_result: 'rejected',
    });
    expect(await account(t, p)).toMatchObject({ realBalance: 200, lockedBalance: 0, withdrawalBalance: 200 });
    const twice = await decide(t, payments2, invoiceId, 'reject', 'Once more');
    expect([twice.status, twice.json.error.code]).toEqual([409, ErrorCode.alreadyDecided]);
    expect(await movementsOfInvoice(t, invoiceId)).toEqual(['payment.withdrawal.lock', 'payment.withdrawal.return']);
    const [message] = await messagesOf(p.token);
    expect(message!.content.title).toBe('Withdrawal rejected');
    expect(message!.content.body).toContain('Account holder name does not match');
    expect(message!.content.body).toContain('30.00 EUR');
    const invoice = (await t.call('GET', '/api/payment/invoices?perPage=100', { token: p.token })).json.data.find(
      (i: { id: string }) => i.id === invoiceId,
    );
    expect(invoice).toMatchObject({ status: 3 });
    expect(await auditFor(t, invoiceId)).toMatchObject([
      { action: 'withdrawal.reject', reason: 'Account holder name does not match', after: { status: 'rejected' } },
    ]);
  });

  it('an unknown withdrawal is 404; a deposit is not a withdrawal; a bad id is 422', async () => {
    const missing = await decide(t, payments, '00000000-0000-4000-8000-000000000000', 'approve');
    expect(missing.status).toBe(404);
    const p = await paymentPlayer(t);
    const dep = await deposit(t, p, card('4242424242424242', 50));
    expect((await decide(t, payments, dep.json.data.invoiceId ?? dep.json.data.id, 'approve')).status).toBe(404);
    expect((await decide(t, payments, 'not-a-uuid', 'approve')).status).toBe(404);
  });

  it('permissions: support may not see the queue; payments may read the thresholds but not change them', async () => {
    const support = await signedInStaff(t, 'support');
    expect((await queue(t, support)).status).toBe(403);
    const read = await t.request({
      method: 'GET',
      url: '/api/backoffice/settings/withdrawals',
      headers: payments.headers,
    });
    expect(read.status).toBe(200);
    expect(read.json.data).toMatchObject({ fourEyesAbove: expect.any(Number) });
    expect((await setThresholds(t, payments, { autoApproveBelow: 10, fourEyesAbove: 100 })).status).toBe(403);
  });
});

describe(`thresholds (${databaseKind})`, () => {
  it('four-eyes above fourEyesAbove: first approval stays in review, the same person again 20004, a second moves it on', async () => {
    const set = await setThresholds(t, owner, { autoApproveBelow: 0, fourEyesAbove: 50 });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    const p = await fundedPlayer(t);
    const { invoiceId } = (await withdraw(t, p, 80)).json.data;
    const first = await decide(t, payments, invoiceId, 'approve', 'Checked the IBAN');
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.data).toMatchObject({ status: 'review', approvals: [payments.id], fourEyes: true });
    expect((await reviewOf(t, invoiceId)).due_at).toBeNull();
    const same = await decide(t, payments, invoiceId, 'approve');
    expect([same.status, same.json.error.code]).toEqual([409, ErrorCode.fourEyes]);
    const second = await decide(t, payments2, invoiceId, 'approve');
    expect(second.json.data).toMatchObject({ status: 'approved', approvals: [payments.id, payments2.id] });
    expect((await reviewOf(t, invoiceId)).due_at).not.toBeNull();
    expect((await auditFor(t, invoiceId)).map((a) => a.action)).toEqual([
      'withdrawal.approve_first',
      'withdrawal.approve',
    ]);
    // At or below the threshold one person is enough.
    const small = (await withdraw(t, p, 50)).json.data.invoiceId;
    expect((await decide(t, payments, small, 'approve')).json.data).toMatchObject({ status: 'approved' });
  });

  it('auto-approval: below the threshold a flagged withdrawal still waits; the change is audited', async () => {
    const res = await setThresholds(t, owner, { autoApproveBelow: 100, fourEyesAbove: 1000 });
    expect(res.json.data).toMatchObject({ autoApproveBelow: 100, fourEyesAbove: 1000, updatedBy: owner.id });
    const p = await fundedPlayer(t);
    const { invoiceId } = (await withdraw(t, p, 30)).json.data;
    // A new IBAN raises a flag: a person looks, whatever the amount.
    expect(await reviewOf(t, invoiceId)).toMatchObject({ status: 'review', risk_flags: ['newInstrument'] });
    const refused = await setThresholds(t, owner, { autoApproveBelow: 2000, fourEyesAbove: 1000 });
    expect([refused.status, Object.keys(refused.json.error.fields)]).toEqual([422, ['autoApproveBelow']]);
  });

  it('a card payout to the card that deposited raises no newInstrument flag; little play still holds it', async () => {
    await turnOverOff(t);
    const p = await paymentPlayer(t);
    expect((await deposit(t, p, card('4242424242424242', 20))).status).toBe(200);
    const body = {
      method: 'card_payout',
      currency: 'EUR',
      amount: 20,
      accountId: p.accountId,
      fields: { cardholder: 'Ada Lovelace', card_number: '4242 4242 4242 4242' },
    };
    const res = await t.call('POST', '/api/payment/invoices/withdrawal', { token: p.token, body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // Deposited and withdrawn with nothing staked between: AML cycling, a person looks.
    expect(await reviewOf(t, res.json.data.invoiceId)).toMatchObject({ status: 'review', risk_flags: ['littlePlay'] });
  });
});

describe(`the dashboard's withdrawalsWaiting tile (${databaseKind})`, () => {
  it('counts withdrawals in review and is pushed on staff:dashboard when one arrives or is decided', async () => {
    await setThresholds(t, owner, { autoApproveBelow: 0, fourEyesAbove: 1000 });
    const tiles = async () =>
      (await t.request({ method: 'GET', url: '/api/backoffice/dashboard', headers: payments.headers })).json.data;
    const pushes = async () =>
      (await t.published(StaffChannel.dashboard)).filter(
        (m) => (m.data as { tile: string }).tile === 'withdrawalsWaiting',
      ).length;
    const before = (await tiles()).withdrawalsWaiting;
    const pushedBefore = await pushes();
    const p = await fundedPlayer(t);
    const { invoiceId } = (await withdraw(t, p, 25)).json.data;
    expect((await tiles()).withdrawalsWaiting).toBe(before + 1);
    expect(await pushes()).toBe(pushedBefore + 1);
    await decide(t, payments, invoiceId, 'reject', 'Duplicate request');
    expect((await tiles()).withdrawalsWaiting).toBe(before);
    expect(await pushes()).toBe(pushedBefore + 2);
  });
});
