import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, refuseUnsafeProduction } from '../../src/config.ts';
import { openDatabase, pgliteDirOf } from '../../src/db/client.ts';
import { disableDemoStaff, refuseDemoStaff, seedDemoStaff } from '../../src/modules/staff/index.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { call, signIn } from './sign-in-helpers.ts';

// The demo's staff (backoffice-api.md §2) and the production guards around them (decisions 0037, 0104).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const production = { NODE_ENV: 'production', DEMO: false } as const;

describe('demo staff', () => {
  it('seeds one account per role, marked demo, without a second factor; again changes nothing', async () => {
    await seedDemoStaff(t.database.db);
    const first = await rowsOf<{ email: string; role: string; demo: boolean; totp_secret: string | null }>(
      sql`select email, role, demo, totp_secret from staff.accounts order by email`,
    );
    expect(first.map((r) => r.email)).toEqual(
      ['admin', 'compliance', 'finance', 'marketing', 'owner', 'payments', 'support'].map(
        (role) => `${role}@staff.croupier.test`,
      ),
    );
    expect(first.every((r) => r.demo && r.totp_secret === null && r.email.startsWith(r.role))).toBe(true);
    const audits = await rowsOf<{ n: number }>(sql`select count(*)::int as n from staff.audit_log`);
    await seedDemoStaff(t.database.db);
    expect(await rowsOf<{ n: number }>(sql`select count(*)::int as n from staff.accounts`)).toEqual([{ n: 7 }]);
    expect(await rowsOf<{ n: number }>(sql`select count(*)::int as n from staff.audit_log`)).toEqual(audits);
  });

  it('signs in with the documented password and enrols', async () => {
    const [owner] = await rowsOf<{ id: string; email: string }>(
      sql`select id, email from staff.accounts where email = 'owner@staff.croupier.test'`,
    );
    const session = await signIn(t, owner!, { password: 'croupier-owner-demo' });
    const me = await call(t, 'GET', '/api/backoffice/me', { token: session.token });
    expect(me.json.data).toMatchObject({ role: 'owner', email: 'owner@staff.croupier.test' });
  });

  it('stops a production start while a demo account is enabled, and only a production start', async () => {
    await expect(refuseDemoStaff(production, t.database.db)).rejects.toBeInstanceOf(ConfigError);
    await expect(refuseDemoStaff(production, t.database.db)).rejects.toThrow(
      /Refusing to start in production[\s\S]*owner@staff\.croupier\.test[\s\S]*npm run staff -- disable-demo/,
    );
    await expect(refuseDemoStaff({ NODE_ENV: 'production', DEMO: true }, t.database.db)).resolves.toBeUndefined();
    await expect(refuseDemoStaff({ NODE_ENV: 'development', DEMO: false }, t.database.db)).resolves.toBeUndefined();
    expect(await disableDemoStaff(t.database.db)).toHaveLength(7);
    await expect(refuseDemoStaff(production, t.database.db)).resolves.toBeUndefined();
  });
});

describe('a production start', () => {
  // The server process itself (main.ts), on an embedded database a demo left with its staff accounts enabled.
  it('exits with EX_CONFIG while a demo staff account is enabled', { timeout: 180_000 }, async () => {
    const root = resolve(import.meta.dirname, '../../../..');
    const dataDir = mkdtempSync(join(tmpdir(), 'croupier-demo-staff-'));
    try {
      const database = await openDatabase({ pgliteDir: pgliteDirOf(dataDir) });
      await database.migrate();
      await seedDemoStaff(database.db);
      await database.close();
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([k]) => !/^(DEV_|DEMO|PUBLIC_URL|TLS_|DATABASE_URL|REDIS_URL)/.test(k)),
      );
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: {
          ...env,
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://casino.example',
          DATA_DIR: dataDir,
          SEED_DEMO_DATA: 'false',
          PORT: '0',
          HOST: '127.0.0.1',
        },
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const status = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
      expect(status, stderr).toBe(78);
      expect(stderr).toMatch(/Refusing to start in production[\s\S]*demo's staff accounts are enabled/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('STAFF_SECRET_KEY', () => {
  const base = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://casino.example',
    DATABASE_URL: 'postgres://db/casino',
    JWT_SECRET: 'j'.repeat(32),
  };
  const check = (env: Record<string, string>) => () => refuseUnsafeProduction(loadConfig(env));

  it('is required by a production start on PostgreSQL, at least 32 characters', () => {
    expect(check(base)).toThrow(/STAFF_SECRET_KEY: required in production with DATABASE_URL/);
    expect(check({ ...base, STAFF_SECRET_KEY: 's'.repeat(32) })).not.toThrow();
    expect(() => loadConfig({ STAFF_SECRET_KEY: 'short' })).toThrow(/STAFF_SECRET_KEY/);
    // The embedded database and the demo keep a generated key in DATA_DIR.
    const { DATABASE_URL: _, ...embedded } = base;
    expect(check(embedded)).not.toThrow();
    expect(check({ ...base, DEMO: 'true' })).not.toThrow();
  });
});
