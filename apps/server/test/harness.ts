import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { withdrawalSettings } from '../src/modules/payment/index.ts';
import { writeSetting } from '../src/modules/settings/index.ts';
import { MemoryPublisher, type OutboxMessage } from '../src/outbox/index.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** app.inject with JSON parsed; `json` is the parsed body (loosely typed: tests assert on it). */
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
  request(opts: InjectOptions): Promise<{ status: number; json: any; headers: Record<string, unknown>; body: string }>;
  /**
   * What the outbox published on the players' channels, oldest first, once every committed event is out:
   * the outbox deletes what it delivered (decision 0087), so tests read publications, not rows.
   */
  published(channel: string | RegExp): Promise<OutboxMessage[]>;
  close(): Promise<void>;
}

/** Where the API suite runs: PostgreSQL when TEST_DATABASE_URL is set, in-memory PGlite otherwise. */
export const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A fresh, migrated database per test file, so files run in parallel without sharing rows. */
export async function freshDatabase(poolSize = 5): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `croupier_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize });
  await database.migrate();
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // pool.end() resolves before its sockets are gone; FORCE would then kill a closing client, whose
      // FATAL 57P01 surfaces as an unhandled error. Give the pool's backends a moment to leave first.
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** `published(channel)` of a test app: drains its outbox, then filters what `memory` recorded. */
export const publicationsOf =
  (app: FastifyInstance, memory: MemoryPublisher) =>
  async (channel: string | RegExp): Promise<OutboxMessage[]> => {
    await app.outbox.drain();
    return memory.published.filter((m) =>
      typeof channel === 'string' ? m.channel === channel : channel.test(m.channel),
    );
  };

export interface TestAppOptions
  extends Pick<AppOptions, 'messenger' | 'onPlayerModule' | 'moneyRules' | 'checks' | 'riskClock'> {
  /**
   * true: withdrawals are reviewed as in production (risk flags on, the thresholds' defaults: every withdrawal
   * waits for staff). Default false: no flags and auto-approval up to any amount, so a withdrawal goes straight
   * to the sandbox as it did before review (decision 0112) — for tests about everything else.
   */
  withdrawalReview?: boolean;
}

/** Withdrawals approved by themselves, whatever the amount (no four-eyes): the harness's default. */
/** `app.inject` answering status, JSON (when the body is JSON), headers and the raw body. */
export const injector =
  (app: FastifyInstance): TestApp['request'] =>
  async (opts) => {
    const res = await app.inject(opts);
    let json: unknown;
    try {
      json = res.json();
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, json, headers: res.headers, body: res.body };
  };

export const autoApproveWithdrawals = (database: Database) =>
  writeSetting(database.db, withdrawalSettings, { autoApproveBelow: 1e9, fourEyesAbove: null }, null);

export async function createTestApp(
  env: Record<string, string> = {},
  { withdrawalReview = false, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...env });
  const { database, drop } = await freshDatabase();
  const memory = new MemoryPublisher();
  const app = await buildApp({
    config,
    database,
    logger: false,
    publishers: [memory],
    ...options,
    withdrawalRiskFlags: withdrawalReview,
  });
  await app.ready();
  if (!withdrawalReview) await autoApproveWithdrawals(database);
  return {
    app,
    database,
    config,
    published: publicationsOf(app, memory),
    request: injector(app),
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
