import { randomUUID } from 'node:crypto';
import { backofficeEndpoints, type Endpoint, ErrorCode } from '@croupier/contracts';
import { can, PERMISSIONS, type Permission, permissionsOf } from '@croupier/contracts/backoffice/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, nextIp, type PlayerTestApp } from '../player/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from './helpers.ts';

// "Marketing may not touch player money or players" (backoffice-api.md §3): bonus, free-spin, quest,
// tournament, wheel and game catalogue settings, no player money. Generated from the endpoint table, walked
// at run time, so an endpoint added to any group is swept without a new test: every endpoint marketing's
// role lacks is called as marketing and must answer 403 (20003), never a 500, with the refusal in the audit log.

/** Every endpoint of the operator API, however the table nests its groups. */
const endpointsIn = (node: object): Endpoint[] =>
  Object.values(node).flatMap((value) =>
    value && typeof value === 'object'
      ? 'method' in value && 'path' in value
        ? [value as Endpoint]
        : endpointsIn(value)
      : [],
  );
const table = endpointsIn(backofficeEndpoints);
const name = (e: Endpoint) => `${e.method} ${e.path}`;

/**
 * The only endpoints without a permission: signing in and out, the caller's own account, the role matrix
 * and the dashboard (which leaves out today's report figures for a role without reports:read). Any other
 * endpoint without a permission fails this test: it must say which permission guards it.
 */
const WITHOUT_PERMISSION = new Set([
  'POST /api/backoffice/sessions',
  'POST /api/backoffice/sessions/verify',
  'DELETE /api/backoffice/sessions/current',
  'GET /api/backoffice/me',
  'PUT /api/backoffice/me/password',
  'GET /api/backoffice/roles',
  'GET /api/backoffice/dashboard',
]);

/** Permission families that are players or player money: never marketing's. */
const FORBIDDEN_FAMILIES = ['players:', 'adjustments:', 'withdrawals:', 'kyc:', 'flags:'];
const FORBIDDEN_EXACT: Permission[] = ['bonuses:issue'];
const isForbidden = (p: string) =>
  FORBIDDEN_FAMILIES.some((f) => p.startsWith(f)) || FORBIDDEN_EXACT.includes(p as Permission);

/** Paths that are players or their money, whatever permission an endpoint under them names. */
const PLAYER_PATHS = /^\/api\/backoffice\/(players|adjustments|withdrawals|kyc|flags)(\/|$)/;

const refused = table.filter((e) => e.permission && !can('marketing', e.permission));
const allowed = table.filter((e) => e.permission && can('marketing', e.permission));

let t: PlayerTestApp;
let marketing: TestStaff;
beforeAll(async () => {
  t = await createPlayerTestApp();
  marketing = await signedInStaff(t, 'marketing');
});
afterAll(() => t.close());

const registered = (e: Endpoint) => t.app.endpoints.some((r) => r.method === e.method && r.path === e.path);

describe(`marketing touches no player and no player money (${databaseKind})`, () => {
  it('names a permission on every endpoint but the listed self-service ones', () => {
    const unguarded = table.filter((e) => !e.permission).map(name);
    expect(
      unguarded.filter((n) => !WITHOUT_PERMISSION.has(n)),
      'endpoints without a permission',
    ).toEqual([]);
    // The list stays honest too: an entry that no longer exists, or gained a permission, goes.
    expect(
      [...WITHOUT_PERMISSION].filter((n) => !unguarded.includes(n)),
      'stale WITHOUT_PERMISSION entries',
    ).toEqual([]);
  });

  it("marketing's permissions hold nothing of players, adjustments, withdrawals, KYC, flags or bonus issuing", async () => {
    // Each family the check looks for exists, so a rename cannot make it pass by matching nothing.
    for (const family of FORBIDDEN_FAMILIES)
      expect(
        PERMISSIONS.some((p) => p.startsWith(family)),
        family,
      ).toBe(true);
    for (const p of FORBIDDEN_EXACT) expect(PERMISSIONS).toContain(p);

    expect(permissionsOf('marketing').filter(isForbidden)).toEqual([]);
    // What the server answers, not only the table it is built from.
    const me = await staffRequest(t, marketing, 'GET', '/api/backoffice/me');
    expect(me.status).toBe(200);
    expect(me.json.data.role).toBe('marketing');
    expect((me.json.data.permissions as string[]).filter(isForbidden)).toEqual([]);
    const roles = await staffRequest(t, marketing, 'GET', '/api/backoffice/roles');
    const row = (roles.json.data as { role: string; permissions: string[] }[]).find((r) => r.role === 'marketing');
    expect(row?.permissions).toEqual(me.json.data.permissions);
  });

  it('no endpoint marketing may call sits under players, adjustments, withdrawals, KYC or flags', () => {
    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.filter((e) => PLAYER_PATHS.test(e.path)).map(name)).toEqual([]);
    // And every endpoint that does sit there is refused to marketing.
    const playerEndpoints = table.filter((e) => PLAYER_PATHS.test(e.path));
    expect(playerEndpoints.length).toBeGreaterThan(0);
    expect(playerEndpoints.filter((e) => !refused.includes(e)).map(name)).toEqual([]);
  });

  it('every endpoint marketing lacks answers 403 (20003), never a 500, and each refusal is audited', async () => {
    expect(refused.length).toBeGreaterThan(0);
    const failures: string[] = [];
    const called: { target: string; url: string; permission: string }[] = [];
    for (const e of refused) {
      // A plausible request: random UUIDs for the path's parameters, an empty JSON body for a change.
      const url = e.path.replace(/:[A-Za-z]+/g, () => randomUUID());
      const change = e.method !== 'GET' && e.method !== 'DELETE';
      const res = await t.request({
        method: e.method,
        url,
        headers: {
          ...marketing.headers,
          'cf-connecting-ip': nextIp(),
          ...(change ? { 'content-type': 'application/json' } : {}),
        },
        ...(change ? { payload: '{}' } : {}),
      });
      if (!registered(e)) failures.push(`${name(e)}: in the table but not registered by the app (${res.status})`);
      else if (res.status !== 403 || res.json?.error?.code !== ErrorCode.staffForbidden)
        failures.push(`${name(e)} (${e.permission}): ${res.status} ${res.body.slice(0, 160)}`);
      else called.push({ target: name(e), url, permission: e.permission! });
    }

    const { rows } = (await t.database.db.execute(sql`
      select action, result, target_id, after from staff.audit_log where staff_id = ${marketing.id} order by seq`)) as unknown as {
      rows: { action: string; result: string; target_id: string; after: { permission: string; url: string } }[];
    };
    const denied = rows.filter((r) => r.action === 'permission.denied');
    expect(denied.every((r) => r.result === 'denied')).toBe(true);
    // One denied row per refused call, naming the endpoint, the permission and the URL asked for.
    expect(denied.map((r) => ({ target: r.target_id, url: r.after.url, permission: r.after.permission }))).toEqual(
      called,
    );
    // Nothing but refusals: marketing's calls changed nothing.
    expect(rows.filter((r) => r.action !== 'permission.denied')).toEqual([]);
    // Anything but a 403 (a 500 above all) fails here, after the audit rows of the refusals were checked.
    expect(failures).toEqual([]);
  });

  it('the audit chain still verifies after the refusals', async () => {
    const owner = await signedInStaff(t, 'owner');
    const res = await staffRequest(t, owner, 'GET', '/api/backoffice/audit/verify');
    expect(res.status).toBe(200);
    expect(res.json.data.ok).toBe(true);
  });
});
