import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backofficeEndpoints, ErrorCode } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { sleep } from '../kyc/helpers.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer, uniqueEmail } from '../player/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from './helpers.ts';

// The KYC settings (GET/PUT /settings/kyc) and a provider's result held for a person (decision 0113).

const e = backofficeEndpoints.kyc;
const DECISION_MS = 300;
let t: PlayerTestApp;
let owner: TestStaff;
let compliance: TestStaff;
let other: TestStaff;

beforeAll(async () => {
  t = await createPlayerTestApp({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'croupier-kyc-verification-')),
    KYC_SANDBOX_DECISION_SECONDS: String(DECISION_MS / 1000),
  });
  owner = await signedInStaff(t, 'owner');
  compliance = await signedInStaff(t, 'compliance');
  other = await signedInStaff(t, 'compliance');
});
afterAll(() => t.close());

const staffCall = (staff: TestStaff, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  staffRequest(t, staff, method, url, body);

const settings = (value: Record<string, unknown>) =>
  staffCall(owner, 'PUT', e.updateSettings.path, {
    provider: 'sandbox',
    confirmProviderResults: false,
    thresholdEur: 2000,
    blockWithdrawalsAtThreshold: false,
    reason: 'Test setting.',
    ...value,
  });

const status = async (token: string) =>
  (await t.call('GET', '/api/player/services/sumsub/status', { token })).json.data as {
    status: string;
    rejectReason: string | null;
  };

describe(`KYC settings (${databaseKind})`, () => {
  it('answers the defaults, changes with a reason and an audit row, refuses Sumsub without credentials', async () => {
    const read = await staffCall(owner, 'GET', e.settings.path);
    expect(read.status).toBe(200);
    expect(e.settings.response.parse(read.json).data).toEqual({
      provider: 'sandbox',
      confirmProviderResults: false,
      thresholdEur: 2000,
      blockWithdrawalsAtThreshold: false,
      sumsubConfigured: false,
      updatedAt: null,
      updatedBy: null,
    });

    const noReason = await staffCall(owner, 'PUT', e.updateSettings.path, {
      provider: 'manual',
      confirmProviderResults: true,
      thresholdEur: 2000,
      blockWithdrawalsAtThreshold: true,
    });
    expect([noReason.status, Object.keys(noReason.json.error.fields)]).toEqual([422, ['reason']]);
    const sumsub = await settings({ provider: 'sumsub' });
    expect([sumsub.status, Object.keys(sumsub.json.error.fields)]).toEqual([422, ['provider']]);
    const negative = await settings({ thresholdEur: -1 });
    expect([negative.status, Object.keys(negative.json.error.fields)]).toEqual([422, ['thresholdEur']]);

    const changed = await settings({ thresholdEur: 1500, blockWithdrawalsAtThreshold: true, reason: 'Stricter CDD.' });
    expect(changed.status).toBe(200);
    expect(changed.json.data).toMatchObject({
      thresholdEur: 1500,
      blockWithdrawalsAtThreshold: true,
      updatedBy: owner.id,
    });
    const audit = (await t.database.db.execute(
      sql`select action, reason, before, after from staff.audit_log where action = 'settings.kyc' order by seq`,
    )) as unknown as { rows: { reason: string; before: { thresholdEur: number }; after: { thresholdEur: number } }[] };
    expect(audit.rows).toEqual([
      expect.objectContaining({
        reason: 'Stricter CDD.',
        before: expect.objectContaining({ thresholdEur: 2000 }),
        after: expect.objectContaining({ thresholdEur: 1500, blockWithdrawalsAtThreshold: true }),
      }),
    ]);
    // Compliance reviews KYC but does not read or change settings (§3).
    expect((await staffCall(compliance, 'GET', e.settings.path)).status).toBe(403);
    expect((await settings({})).status).toBe(200);
  });

  it("'manual': no provider token; staff decide the verification, twice at once gives one outcome", async () => {
    expect((await settings({ provider: 'manual' })).status).toBe(200);
    const { auth } = await registerPlayer(t);
    const start = await t.call('POST', '/api/player/services/sumsub/auth', { token: auth.accessToken });
    expect([start.status, start.json.error.code]).toEqual([409, ErrorCode.conflict]);

    const url = `/api/backoffice/kyc/verifications/${auth.profile.id}/approve`;
    const [a, b] = await Promise.all([staffCall(compliance, 'POST', url, {}), staffCall(other, 'POST', url, {})]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).json.error.code).toBe(ErrorCode.alreadyDecided);
    expect(await status(auth.accessToken)).toEqual({ status: 'approved', rejectReason: null });

    const reason = 'The passport was reported stolen.';
    const rejected = await staffCall(
      compliance,
      'POST',
      `/api/backoffice/kyc/verifications/${auth.profile.id}/reject`,
      {
        reason,
      },
    );
    expect(rejected.status).toBe(200);
    expect(e.rejectVerification.response.parse(rejected.json).data).toMatchObject({
      status: 'rejected',
      rejectReason: reason,
      reviewedBy: compliance.id,
      awaitingConfirmation: false,
    });
    expect(await status(auth.accessToken)).toEqual({ status: 'rejected', rejectReason: reason });
    const audit = (await t.database.db.execute(
      sql`select action from staff.audit_log where target_id = ${auth.profile.id} and action like 'kyc.%' order by seq`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(['kyc.verification.approve', 'kyc.verification.reject']);

    const unknown = await staffCall(
      compliance,
      'POST',
      '/api/backoffice/kyc/verifications/00000000-0000-4000-8000-000000000000/approve',
      {},
    );
    expect(unknown.status).toBe(404);
    expect((await settings({})).status).toBe(200);
  });

  it('with confirmProviderResults the sandbox decision waits in the queue until a person confirms it', async () => {
    expect((await settings({ confirmProviderResults: true })).status).toBe(200);
    const email = uniqueEmail('kyc');
    const { auth } = await registerPlayer(t, email);
    const token = auth.accessToken;
    expect((await t.call('POST', '/api/player/services/sumsub/auth', { token })).status).toBe(200);
    await sleep(DECISION_MS + 100);
    // Decided by the provider, held for a person: the player still sees pending.
    expect(await status(token)).toEqual({ status: 'pending', rejectReason: null });
    expect(await status(token)).toEqual({ status: 'pending', rejectReason: null });

    const queue = await staffCall(compliance, 'GET', `${e.verifications.path}?playerId=${auth.profile.id}`);
    expect(queue.status).toBe(200);
    const [row] = e.verifications.response.parse(queue.json).data;
    expect(row).toMatchObject({
      player: { id: auth.profile.id, email },
      provider: 'sandbox',
      status: 'pending',
      awaitingConfirmation: true,
      providerResult: { status: 'approved', rejectReason: null },
    });

    const confirmed = await staffCall(
      compliance,
      'POST',
      `/api/backoffice/kyc/verifications/${auth.profile.id}/approve`,
      {
        reason: 'Provider result checked.',
      },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data).toMatchObject({ status: 'approved', awaitingConfirmation: false });
    expect(await status(token)).toEqual({ status: 'approved', rejectReason: null });
    const after = await staffCall(compliance, 'GET', `${e.verifications.path}?playerId=${auth.profile.id}`);
    expect(after.json.data).toEqual([]);
    const audit = (await t.database.db.execute(
      sql`select after from staff.audit_log where target_id = ${auth.profile.id} and action = 'kyc.verification.approve'`,
    )) as unknown as { rows: { after: unknown }[] };
    expect(audit.rows).toEqual([{ after: { status: 'approved', confirmed: true } }]);
    expect((await settings({})).status).toBe(200);
  });

  it('a new sandbox token keeps a verification staff approved, and restarts one staff rejected', async () => {
    expect((await settings({ confirmProviderResults: true })).status).toBe(200);
    const approved = await registerPlayer(t);
    await staffCall(compliance, 'POST', `/api/backoffice/kyc/verifications/${approved.auth.profile.id}/approve`, {});
    expect(
      (await t.call('POST', '/api/player/services/sumsub/auth', { token: approved.auth.accessToken })).status,
    ).toBe(200);
    expect((await status(approved.auth.accessToken)).status).toBe('approved');

    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    await t.call('POST', '/api/player/services/sumsub/auth', { token });
    await sleep(DECISION_MS + 100);
    expect((await status(token)).status).toBe('pending');
    const reason = 'The selfie does not match the document.';
    await staffCall(compliance, 'POST', `/api/backoffice/kyc/verifications/${auth.profile.id}/reject`, { reason });
    expect(await status(token)).toEqual({ status: 'rejected', rejectReason: reason });
    // The player tries again: a new sandbox verification, decided and held for a person again.
    await t.call('POST', '/api/player/services/sumsub/auth', { token });
    expect((await status(token)).status).toBe('pending');
    const fresh = await staffCall(
      compliance,
      'GET',
      `${e.verifications.path}?status=pending&playerId=${auth.profile.id}`,
    );
    expect(fresh.json.data).toEqual([expect.objectContaining({ awaitingConfirmation: false, providerResult: null })]);
    await sleep(DECISION_MS + 100);
    expect((await status(token)).status).toBe('pending');
    const queue = await staffCall(compliance, 'GET', `${e.verifications.path}?playerId=${auth.profile.id}`);
    expect(queue.json.data).toEqual([expect.objectContaining({ awaitingConfirmation: true })]);
    expect((await settings({})).status).toBe(200);
  });

  it('without confirmation the sandbox decides alone, as before', async () => {
    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    expect((await t.call('POST', '/api/player/services/sumsub/auth', { token })).status).toBe(200);
    await sleep(DECISION_MS + 100);
    expect(await status(token)).toEqual({ status: 'approved', rejectReason: null });
  });
});
