import { randomUUID } from 'node:crypto';
import { backofficeEndpoints, type Endpoint, ErrorCode } from '@croupier/contracts';
import { can, ROLES, type Role } from '@croupier/contracts/backoffice/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, nextIp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';

// Generated from the endpoint table (issue 25's quality bar): every back-office endpoint × every role. Without
// a staff credential: 401 (20000). With one: 403 (20003) exactly when the role lacks the endpoint's permission,
// and never 403 when it has it (a 404 or 422 on the made-up ids and empty bodies is fine). A new endpoint in
// the table is swept without a new test.

const table: Endpoint[] = Object.values(backofficeEndpoints).flatMap((group) => Object.values(group));
const staffEndpoints = table.filter((e) => e.auth === 'staff');
const name = (e: Endpoint) => `${e.method} ${e.path}`;

let t: PlayerTestApp;
const staffOf = new Map<Role, TestStaff>();
beforeAll(async () => {
  t = await createPlayerTestApp();
  for (const role of ROLES) staffOf.set(role, await signedInStaff(t, role));
});
afterAll(() => t.close());

const registered = (e: Endpoint) => t.app.endpoints.some((r) => r.method === e.method && r.path === e.path);

/** A request with valid-looking input: random UUIDs in the path, an empty JSON body for a change. */
const call = (e: Endpoint, headers: Record<string, string> = {}) =>
  t.request({
    method: e.method,
    url: e.path.replace(/:[A-Za-z]+/g, () => randomUUID()),
    headers: {
      'cf-connecting-ip': nextIp(),
      ...headers,
      ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    },
    ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: '{}' }),
  });

describe(`the back office's permissions, every endpoint × every role (${databaseKind})`, () => {
  it('serves every endpoint of the table (a failure lists the endpoints not implemented yet)', () => {
    const missing = table.filter((e) => !registered(e)).map(name);
    expect(missing, 'back-office endpoints in contracts that the app does not register').toEqual([]);
  });

  it.each(staffEndpoints.map((e) => [name(e), e] as const))('%s', async (_, e) => {
    expect(registered(e), `${name(e)} is not registered by the app yet`).toBe(true);
    const failures: string[] = [];

    const anonymous = await call(e);
    if (anonymous.status !== 401 || anonymous.json?.error?.code !== ErrorCode.staffUnauthenticated)
      failures.push(`no credential: ${anonymous.status} ${anonymous.body.slice(0, 120)}`);

    for (const role of ROLES) {
      // A fresh session for a DELETE: signing out (DELETE /sessions/current) must not blind the next requests.
      const staff = e.method === 'DELETE' ? await signedInStaff(t, role) : staffOf.get(role)!;
      const res = await call(e, staff.headers);
      const permitted = !e.permission || can(role, e.permission);
      const forbidden = res.status === 403 && res.json?.error?.code === ErrorCode.staffForbidden;
      if (permitted && (forbidden || res.status === 401 || res.status >= 500))
        failures.push(
          `${role} holds ${e.permission ?? 'no permission needed'}: ${res.status} ${res.body.slice(0, 160)}`,
        );
      if (!permitted && !forbidden)
        failures.push(`${role} lacks ${e.permission}: ${res.status} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });

  it('HEAD of every GET endpoint is checked as the GET is: 401 without a credential, 403 for a role without it', async () => {
    // Fastify answers HEAD beside every GET by running the GET's handler; it once skipped the staff check.
    const failures: string[] = [];
    const finance = staffOf.get('finance')!;
    for (const e of staffEndpoints.filter((x) => x.method === 'GET' && registered(x))) {
      const url = e.path.replace(/:[A-Za-z]+/g, () => randomUUID());
      const anonymous = await t.request({ method: 'HEAD', url, headers: { 'cf-connecting-ip': nextIp() } });
      if (anonymous.status !== 401) failures.push(`HEAD ${e.path} without a credential: ${anonymous.status}`);
      if (e.permission && !can('finance', e.permission)) {
        const res = await t.request({
          method: 'HEAD',
          url,
          headers: { 'cf-connecting-ip': nextIp(), ...finance.headers },
        });
        if (res.status !== 403) failures.push(`HEAD ${e.path} as finance: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("a player's access token is not a staff credential", async () => {
    const { auth } = await registerPlayer(t);
    for (const e of staffEndpoints.filter(registered)) {
      const res = await call(e, { authorization: `Bearer ${auth.accessToken}` });
      expect([res.status, res.json?.error?.code], name(e)).toEqual([401, ErrorCode.staffUnauthenticated]);
    }
  });

  it('a refusal for a missing permission writes a denied audit row, and changes nothing else', async () => {
    const support = await signedInStaff(t, 'support');
    const res = await t.request({ method: 'GET', url: '/api/backoffice/audit?perPage=5', headers: support.headers });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe(ErrorCode.staffForbidden);
    const { rows } = (await t.database.db.execute(
      sql`select action, result, target_id, after from staff.audit_log where staff_id = ${support.id}`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toEqual([
      {
        action: 'permission.denied',
        result: 'denied',
        target_id: 'GET /api/backoffice/audit',
        after: { permission: 'audit:read', url: '/api/backoffice/audit' },
      },
    ]);
  });

  it('the OpenAPI document lists the back office, with the staff credentials and each permission', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.components.securitySchemes)).toEqual(
      expect.arrayContaining(['staffBearer', 'staffCookie']),
    );
    for (const e of table.filter(registered)) {
      const operation = res.json.paths[e.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(operation, name(e)).toBeDefined();
      if (e.auth === 'staff') {
        expect(operation.security, name(e)).toEqual([{ staffBearer: [] }, { staffCookie: [] }]);
        expect(operation['x-permission'], name(e)).toBe(e.permission);
      } else {
        expect(operation.security, name(e)).toEqual([]);
      }
    }
  });
});
