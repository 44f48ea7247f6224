import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../../src/modules/staff/totp.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';
import { call } from './sign-in-helpers.ts';

// backoffice-api.md §3: staff management by owners and admins; only an owner touches an owner; nobody changes
// their own role, cap or disabled flag; every change audited with before and after (decision 0104).

let t: TestApp;
let owner: TestStaff;
let admin: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInStaff(t, 'owner');
  admin = await signedInStaff(t, 'admin');
});
afterAll(async () => t?.close());

let made = 0;
const newStaff = (role: string, extra: Record<string, unknown> = {}) => ({
  email: `Made-${++made}-${Date.now()}@Staff.test`,
  name: `Made ${made}`,
  role,
  password: 'a long enough password',
  reason: 'new hire',
  ...extra,
});

const create = (by: TestStaff, body: unknown) => call(t, 'POST', '/api/backoffice/staff', { token: by.token, body });
const update = (by: TestStaff, id: string, body: unknown) =>
  call(t, 'PUT', `/api/backoffice/staff/${id}`, { token: by.token, body });

async function auditOf(targetId: string) {
  const result = await t.database.db.execute(sql`
    select action, staff_id, reason, before, after, result from staff.audit_log
    where target_id = ${targetId} order by seq`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('staff accounts', () => {
  it('creates an account: 201, e-mail lowered, not enrolled, audited; it signs in and enrols', async () => {
    const body = newStaff('support');
    const res = await create(admin, body);
    expect(res.status, res.body).toBe(201);
    const row = res.json.data;
    expect(row).toMatchObject({
      email: body.email.toLowerCase(),
      name: body.name,
      role: 'support',
      disabled: false,
      adjustmentCap: 0,
      enrolled: false,
      lastSignInAt: null,
    });
    const [audit] = await auditOf(row.id);
    expect(audit).toMatchObject({ action: 'staff.create', staff_id: admin.id, reason: 'new hire', result: 'ok' });
    expect(JSON.stringify(audit)).not.toContain(body.password);
    const first = await call(t, 'POST', '/api/backoffice/sessions', {
      body: { email: row.email, password: body.password },
    });
    expect(first.status).toBe(200);
    const { challengeId, enrolment } = first.json.data;
    const code = codeAt(enrolment.secret, new Date());
    const verified = await call(t, 'POST', '/api/backoffice/sessions/verify', { body: { challengeId, code } });
    expect(verified.status).toBe(200);
    const listed = await call(t, 'GET', '/api/backoffice/staff?perPage=100', { token: admin.token });
    const mine = listed.json.data.find((r: { id: string }) => r.id === row.id);
    expect(mine).toMatchObject({ enrolled: true });
    expect(Date.parse(mine.lastSignInAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a taken e-mail (422 fields.email), a short password and a missing reason', async () => {
    const body = newStaff('finance');
    expect((await create(admin, body)).status).toBe(201);
    const taken = await create(admin, { ...body, email: body.email.toUpperCase() });
    expect(taken.status).toBe(422);
    expect(Object.keys(taken.json.error.fields)).toEqual(['email']);
    const { reason: _, ...noReason } = newStaff('finance');
    const bad = await create(admin, { ...noReason, password: 'short' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['password', 'reason']);
  });

  it('lets only an owner create an owner; the refusal is audited', async () => {
    const refused = await create(admin, newStaff('owner'));
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe(20003);
    const result = await t.database.db.execute(sql`
      select count(*)::int as n from staff.audit_log
      where action = 'staff.create' and result = 'denied' and staff_id = ${admin.id}`);
    expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    expect((await create(owner, newStaff('owner'))).status).toBe(201);
  });

  it('keeps staff management to owners and admins', async () => {
    const support = await signedInStaff(t, 'support');
    expect((await call(t, 'GET', '/api/backoffice/staff', { token: support.token })).json.error.code).toBe(20003);
    expect((await create(support, newStaff('support'))).status).toBe(403);
  });

  it('lists accounts page by page, with the cap each may adjust without a second person', async () => {
    const payments = await signedInStaff(t, 'payments');
    const capped = await signedInStaff(t, 'payments', { cap: 2_550n });
    const res = await call(t, 'GET', '/api/backoffice/staff?perPage=100', { token: admin.token });
    expect(res.status).toBe(200);
    const byId = new Map(res.json.data.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(owner.id)).toMatchObject({ role: 'owner', adjustmentCap: 1000 });
    expect(byId.get(payments.id)).toMatchObject({ role: 'payments', adjustmentCap: 100, enrolled: false });
    expect(byId.get(capped.id)).toMatchObject({ adjustmentCap: 25.5 });
    expect(res.json.meta).toMatchObject({ page: 1, perPage: 100, totalRows: res.json.data.length });
    const page = await call(t, 'GET', '/api/backoffice/staff?perPage=2&page=2', { token: admin.token });
    expect(page.json.data).toHaveLength(2);
    expect(page.json.data[0].id).toBe(res.json.data[2].id);
  });

  it('changes role and cap (major units of EUR, kept in cents), audited with before and after', async () => {
    const target = await signedInStaff(t, 'support');
    const res = await update(admin, target.id, { role: 'payments', adjustmentCap: 250.5, reason: 'moved to payments' });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ role: 'payments', adjustmentCap: 250.5 });
    expect(res.json.data.permissions).toContain('withdrawals:review');
    const stored = await t.database.db.execute(sql`select adjustment_cap from staff.accounts where id = ${target.id}`);
    expect(String((stored as unknown as { rows: { adjustment_cap: unknown }[] }).rows[0]?.adjustment_cap)).toBe(
      '25050',
    );
    const audit = (await auditOf(target.id)).at(-1);
    expect(audit).toMatchObject({
      action: 'staff.update',
      staff_id: admin.id,
      reason: 'moved to payments',
      before: { role: 'support', adjustmentCap: 0, disabled: false },
      after: { role: 'payments', adjustmentCap: 250.5, disabled: false },
    });
    // The new role applies to the open session at once.
    const me = await call(t, 'GET', '/api/backoffice/me', { token: target.token });
    expect(me.json.data.role).toBe('payments');
    const cents = await update(admin, target.id, { adjustmentCap: 1.234, reason: 'too precise' });
    expect(cents.status).toBe(422);
    expect(Object.keys(cents.json.error.fields)).toEqual(['adjustmentCap']);
  });

  it('lets only an owner change an owner, or make one', async () => {
    const other = await signedInStaff(t, 'owner');
    const support = await signedInStaff(t, 'support');
    expect((await update(admin, other.id, { disabled: true, reason: 'try' })).json.error.code).toBe(20003);
    expect((await update(admin, support.id, { role: 'owner', reason: 'try' })).json.error.code).toBe(20003);
    const denied = (await auditOf(other.id)).filter((r) => r.result === 'denied');
    expect(denied).toHaveLength(1);
    const res = await update(owner, other.id, { disabled: true, reason: 'left' });
    expect(res.status).toBe(200);
    expect(res.json.data.disabled).toBe(true);
    expect((await auditOf(other.id)).at(-1)).toMatchObject({ after: { disabled: true, closedSessions: 1 } });
  });

  it('lets nobody change their own role, cap or disabled flag', async () => {
    for (const [field, value] of [
      ['role', 'support'],
      ['disabled', true],
      ['adjustmentCap', 5000],
    ] as const) {
      const res = await update(admin, admin.id, { [field]: value, reason: 'myself' });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.error.fields)).toEqual([field]);
    }
    // Restating what is there is no change.
    expect((await update(admin, admin.id, { role: 'admin', reason: 'nothing' })).status).toBe(200);
  });

  it('answers 404 for an account that does not exist', async () => {
    const body = { disabled: true, reason: 'ghost' };
    expect((await update(owner, '00000000-0000-4000-8000-000000000000', body)).status).toBe(404);
    expect((await update(owner, 'not-a-uuid', body)).status).toBe(404);
  });
});
