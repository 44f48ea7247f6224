import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoStaff } from '../../src/modules/staff/index.ts';
import { runStaffCommand, UsageError } from '../../src/staff-cli.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { call, signIn } from './sign-in-helpers.ts';

// `npm run staff -- …` (backoffice-api.md §2, decision 0104): the first owner from the command line, with a
// one-time password printed once; a reset for a lost second factor; the demo's accounts disabled.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function run(...argv: string[]) {
  const lines: string[] = [];
  const code = await runStaffCommand(argv, t.database.db, t.config, (line) => lines.push(line));
  return { code, out: lines.join('\n') };
}

const passwordIn = (out: string) => out.match(/One-time password \(shown once\): (\S+)/)?.[1] ?? '';

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('npm run staff', () => {
  it('creates the first owner with a one-time password, audited as the system; the first sign-in enrols', async () => {
    const { code, out } = await run('create', '--email', 'Boss@Casino.test', '--name', 'The Boss', '--role', 'owner');
    expect(code).toBe(0);
    const password = passwordIn(out);
    expect(password).toHaveLength(24);
    expect(out).toMatch(/\/backoffice/);
    const [account] = await rowsOf<{ id: string; role: string; totp_secret: string | null; demo: boolean }>(
      sql`select id, role, totp_secret, demo from staff.accounts where email = 'boss@casino.test'`,
    );
    expect(account).toMatchObject({ role: 'owner', totp_secret: null, demo: false });
    const [audit] = await rowsOf<Record<string, unknown>>(
      sql`select staff_id, action, reason from staff.audit_log where target_id = ${account!.id}`,
    );
    expect(audit).toEqual({ staff_id: null, action: 'staff.create', reason: 'command line' });
    const first = await call(t, 'POST', '/api/backoffice/sessions', { body: { email: 'boss@casino.test', password } });
    expect(first.status).toBe(200);
    expect(first.json.data.enrolment).not.toBeNull();
  });

  it('refuses an e-mail already in use, and a bad command line', async () => {
    await run('create', '--email', 'twice@casino.test', '--name', 'Twice', '--role', 'admin');
    const again = await run('create', '--email', 'twice@casino.test', '--name', 'Twice', '--role', 'admin');
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already exists/);
    for (const argv of [
      ['create', '--email', 'x@casino.test', '--name', 'X', '--role', 'emperor'],
      ['create', '--name', 'X', '--role', 'owner'],
      ['create', '--email', 'not-an-email', '--name', 'X', '--role', 'owner'],
      ['create', '--email', 'x@casino.test', '--name', 'X', '--role', 'owner', '--password', 'mine'],
      ['destroy'],
      [],
    ]) {
      await expect(run(...argv), argv.join(' ')).rejects.toBeInstanceOf(UsageError);
    }
    expect((await run('help')).out).toMatch(/^Usage: npm run staff/);
  });

  it('resets a lost second factor: a new password, no second factor, no session', async () => {
    const created = await run('create', '--email', 'lost@casino.test', '--name', 'Lost', '--role', 'support');
    const [account] = await rowsOf<{ id: string }>(sql`select id from staff.accounts where email = 'lost@casino.test'`);
    const session = await signInWith(account!.id, 'lost@casino.test', passwordIn(created.out));
    const reset = await run('reset', '--email', 'lost@casino.test');
    expect(reset.code).toBe(0);
    expect((await call(t, 'GET', '/api/backoffice/me', { token: session })).status).toBe(401);
    const old = await call(t, 'POST', '/api/backoffice/sessions', {
      body: { email: 'lost@casino.test', password: passwordIn(created.out) },
    });
    expect(old.json.error.code).toBe(20001);
    const fresh = await call(t, 'POST', '/api/backoffice/sessions', {
      body: { email: 'lost@casino.test', password: passwordIn(reset.out) },
    });
    expect(fresh.json.data.enrolment).not.toBeNull();
    expect((await run('reset', '--email', 'nobody@casino.test')).code).toBe(1);
  });

  it('disables the demo accounts and ends their sessions', async () => {
    await seedDemoStaff(t.database.db);
    const support = await signIn(t, await demoAccount('support'), { password: 'croupier-support-demo' });
    const { code, out } = await run('disable-demo');
    expect(code).toBe(0);
    expect(out).toMatch(/owner@staff\.croupier\.test/);
    expect((await call(t, 'GET', '/api/backoffice/me', { token: support.token })).status).toBe(401);
    const enabled = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from staff.accounts where demo and not disabled`,
    );
    expect(enabled[0]?.n).toBe(0);
    expect((await run('disable-demo')).out).toBe('No enabled demo staff account.');
  });

  // The script itself, as `npm run staff` runs it: its own process, the embedded database in DATA_DIR, migrated.
  it('runs as a script on the configured database', { timeout: 120_000 }, async () => {
    const root = resolve(import.meta.dirname, '../../../..');
    const dataDir = mkdtempSync(join(tmpdir(), 'croupier-staff-cli-'));
    try {
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|NODE_ENV)$/.test(k)));
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/server/src/staff-cli.ts',
          'create',
          '--email',
          'first@casino.test',
          '--name',
          'First',
          '--role',
          'owner',
        ],
        { cwd: root, env: { ...env, DATA_DIR: dataDir } },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const status = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
      expect(status, stderr).toBe(0);
      expect(passwordIn(stdout)).toHaveLength(24);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

async function demoAccount(role: string) {
  const [row] = await rowsOf<{ id: string; email: string }>(
    sql`select id, email from staff.accounts where email = ${`${role}@staff.croupier.test`}`,
  );
  return row!;
}

/** Both sign-in steps with a given password; answers the access token. */
async function signInWith(id: string, email: string, password: string): Promise<string> {
  return (await signIn(t, { id, email }, { password })).token;
}
