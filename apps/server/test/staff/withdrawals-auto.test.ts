import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { paymentTestApp } from '../payment/helpers.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';
import { account, fundedPlayer, later, queue, reviewOf, setThresholds, withdraw } from './withdrawals-helpers.ts';

// Auto-approval by amount alone (decision 0112): the harness's default app raises no risk flags (the flags are
// tested in withdrawals.test.ts and one by one), so only the thresholds decide here.

let t: PlayerTestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await paymentTestApp();
  owner = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

describe(`auto-approval below the threshold (${databaseKind})`, () => {
  it('below 100 EUR it goes on by itself and is paid; at 100 EUR it waits; with 0 nothing goes on', async () => {
    expect((await setThresholds(t, owner, { autoApproveBelow: 100, fourEyesAbove: 1000 })).status).toBe(200);
    const p = await fundedPlayer(t, 500);
    const small = (await withdraw(t, p, 99.99)).json.data.invoiceId;
    expect(await reviewOf(t, small)).toMatchObject({ status: 'approved', auto_approved: true, decided_by: null });
    expect((await reviewOf(t, small)).due_at).not.toBeNull();
    const atThreshold = (await withdraw(t, p, 100)).json.data.invoiceId;
    expect(await reviewOf(t, atThreshold)).toMatchObject({ status: 'review', auto_approved: false, due_at: null });
    await t.app.payment.sweep(later(3600));
    expect(await reviewOf(t, small)).toMatchObject({ status: 'paid', invoice_status: 2 });
    expect(await reviewOf(t, atThreshold)).toMatchObject({ status: 'review', invoice_status: 1 });
    const listed = await queue(t, owner, `?status=paid&playerId=${p.playerId}`);
    expect(listed.json.data).toMatchObject([{ invoiceId: small, autoApproved: true, approvals: [], status: 'paid' }]);
    expect(await account(t, p)).toMatchObject({ lockedBalance: 100 });

    await setThresholds(t, owner, { autoApproveBelow: 0, fourEyesAbove: 1000 });
    const none = (await withdraw(t, p, 20)).json.data.invoiceId;
    expect(await reviewOf(t, none)).toMatchObject({ status: 'review' });
  });

  it('the player may cancel an auto-approved withdrawal the provider has not paid: the money back once', async () => {
    await setThresholds(t, owner, { autoApproveBelow: 100, fourEyesAbove: 100 });
    const p = await fundedPlayer(t, 300);
    const invoiceId = (await withdraw(t, p, 60)).json.data.invoiceId;
    expect(await reviewOf(t, invoiceId)).toMatchObject({ status: 'approved' });
    const cancel = await t.call('PUT', `/api/payment/invoices/${invoiceId}/decline`, { token: p.token });
    expect(cancel.status).toBe(200);
    expect(await reviewOf(t, invoiceId)).toMatchObject({ status: 'cancelled', invoice_status: 3 });
    await t.app.payment.sweep(later(3600));
    expect(await account(t, p)).toMatchObject({ realBalance: 300, lockedBalance: 0 });
  });
});
