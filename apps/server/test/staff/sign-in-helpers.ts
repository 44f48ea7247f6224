import type { Role } from '@croupier/contracts/backoffice/roles';
import { sql } from 'drizzle-orm';
import { createStaffAccount } from '../../src/modules/staff/index.ts';
import { codeAt, timeStepAt } from '../../src/modules/staff/totp.ts';
import type { TestApp } from '../harness.ts';
import { nextIp } from '../player/helpers.ts';

/** The back office's own origin in these tests (BACKOFFICE_ORIGIN): cookie-signed changes must come from it. */
export const OFFICE = 'https://office.casino.test';
export const PASSWORD = 'correct horse battery staple';

let made = 0;

/** A staff account made as the command line makes one: a password, no second factor yet. */
export async function staffAccount(t: TestApp, role: Role = 'support') {
  made += 1;
  const email = `signin-${role}-${made}-${Date.now()}@staff.test`;
  const row = await createStaffAccount(
    t.database.db,
    { email, name: `Staff ${made}`, role, password: PASSWORD },
    { staffId: null, reason: 'test' },
  );
  return { id: row.id, email, role };
}

export interface CallOptions {
  body?: unknown;
  ip?: string;
  token?: string;
  cookie?: string;
  origin?: string;
}

/** A request from its own address unless `ip` is given (the per-address limits bite only where meant). */
export function call(t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: CallOptions = {}) {
  return t.request({
    method,
    url,
    headers: {
      'cf-connecting-ip': options.ip ?? nextIp(),
      'user-agent': 'vitest staff',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** The step last accepted for the account (null before the first sign-in). */
export async function lastStepOf(t: TestApp, staffId: string): Promise<number | null> {
  const result = await t.database.db.execute(sql`select totp_last_step from staff.accounts where id = ${staffId}`);
  const value = (result as unknown as { rows: { totp_last_step: string | number | null }[] }).rows[0]?.totp_last_step;
  return value === null || value === undefined ? null : Number(value);
}

/**
 * A code the server accepts now and has not seen: the earliest step of the window (T−1, T, T+1) after the last
 * one used. Past the window, the account's last step is moved back, which is what 30 seconds of waiting does.
 */
export async function freshCode(t: TestApp, staffId: string, secret: string): Promise<string> {
  const now = timeStepAt(new Date());
  const last = await lastStepOf(t, staffId);
  let step = Math.max(now - 1, (last ?? -Infinity) + 1);
  if (step > now + 1) {
    await t.database.db.execute(sql`update staff.accounts set totp_last_step = ${now - 2} where id = ${staffId}`);
    step = now - 1;
  }
  return codeAt(secret, new Date(step * 30_000));
}

/** The `croupier_staff=…` pair an answer set. */
export function staffCookieIn(headers: Record<string, unknown>): string {
  const all = [headers['set-cookie']].flat().filter((v): v is string => typeof v === 'string');
  const cookie = all.find((c) => c.startsWith('croupier_staff='));
  if (!cookie) throw new Error(`no staff cookie in ${JSON.stringify(all)}`);
  return cookie;
}

/** Both steps from one address: enrols on the first sign-in. Answers the session, the secret and the cookie. */
export async function signIn(
  t: TestApp,
  account: { id: string; email: string },
  options: { secret?: string; ip?: string; password?: string } = {},
) {
  const ip = options.ip ?? nextIp();
  const first = await call(t, 'POST', '/api/backoffice/sessions', {
    body: { email: account.email, password: options.password ?? PASSWORD },
    ip,
  });
  if (first.status !== 200) throw new Error(`sign-in failed: ${first.status} ${first.body}`);
  const secret: string = first.json.data.enrolment?.secret ?? options.secret;
  if (!secret) throw new Error('no secret: pass the enrolled one');
  const code = await freshCode(t, account.id, secret);
  const second = await call(t, 'POST', '/api/backoffice/sessions/verify', {
    body: { challengeId: first.json.data.challengeId, code },
    ip,
  });
  if (second.status !== 200) throw new Error(`verify failed: ${second.status} ${second.body}`);
  return {
    secret,
    code,
    token: second.json.data.accessToken as string,
    cookie: staffCookieIn(second.headers).split(';')[0]!,
    answer: second,
  };
}
