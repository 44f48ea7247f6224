import type { Role } from '@croupier/contracts/backoffice/roles';
import { sql } from 'drizzle-orm';
import { newStaffToken, tokenHashOf } from '../../src/modules/staff/auth/tokens.ts';
import type { TestApp } from '../harness.ts';
import { nextIp } from '../player/helpers.ts';

export interface TestStaff {
  id: string;
  email: string;
  role: Role;
  token: string;
  /** `authorization: Bearer …` for `t.request({ headers })`. */
  headers: { authorization: string };
}

let made = 0;

/**
 * A staff member with an open session, written straight to the staff tables: tests of what staff do start
 * signed in (the sign-in itself is tested through its endpoints in sign-in.test.ts). `cap` in EUR cents.
 */
export async function signedInStaff(t: TestApp, role: Role, options: { cap?: bigint; name?: string } = {}) {
  made += 1;
  const email = `${role}-${made}-${Date.now()}@staff.test`;
  const token = newStaffToken();
  const rows = await t.database.db.execute(sql`
    insert into staff.accounts (email, name, role, password_hash, adjustment_cap)
    values (${email}, ${options.name ?? `${role} ${made}`}, ${role}, 'not-a-password-hash', ${options.cap ?? null})
    returning id`);
  const id = (rows as unknown as { rows: { id: string }[] }).rows[0]!.id;
  await t.database.db.execute(sql`
    insert into staff.sessions (staff_id, token_hash, expires_at)
    values (${id}, ${tokenHashOf(token)}, now() + interval '12 hours')`);
  return { id, email, role, token, headers: { authorization: `Bearer ${token}` } } satisfies TestStaff;
}

/** A back-office call as `staff`, from a fresh address (the sign-in throttles stay out of the way), JSON body if any. */
export const staffRequest = (
  t: TestApp,
  staff: TestStaff,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) =>
  t.request({
    method,
    url,
    headers: {
      ...staff.headers,
      'cf-connecting-ip': nextIp(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
