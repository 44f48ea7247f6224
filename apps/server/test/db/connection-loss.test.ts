import { ErrorCode } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/sql-state.ts';
import { registerErrorHandling } from '../../src/http/errors.ts';
import { databaseKind, freshDatabase } from '../harness.ts';

async function terminate(where: string, value: string | number): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const result = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where ${where} = $1 and pid <> pg_backend_pid()`,
      [value],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

// Issue 31: terminating the database's connections once (pg_terminate_backend, as a restart, a failover or a
// pooler recycle does) crashed every instance with "Unhandled 'error' event" (57P01) from an idle pooled client.
// The pool now listens; the next query opens a new connection. An unhandled 'error' fails this file's run.
describe.runIf(databaseKind === 'postgres')('a lost database connection', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>['database'];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(4));
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('is dropped from the pool, and the next query connects again', async () => {
    // Fill the pool with idle clients: each is a backend the termination below ends while idle.
    await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    const name = (
      (await database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0]!.name;
    expect(await terminate('datname', name)).toBeGreaterThan(0);
    // The idle clients learn of it asynchronously; give the 'error' events time to fire.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rows = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(rows.rows[0]!.one).toBe(1);
  });

  // Issue 31, the cluster's primary restarted with a fast shutdown: every instance ended on "Unhandled 'error'
  // event" from a client checked out of the pool (a transaction waiting between statements has no pool listener).
  // Now the transaction fails on its own promise, as a 503 with a retry advice, never a 500 or a crash.
  it('fails a transaction whose connection is cut between statements, and answers it 503', async () => {
    let caught: unknown;
    await database.db
      .transaction(async (tx) => {
        const pid = ((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] })
          .rows[0]!.pid;
        expect(await terminate('pid', pid)).toBe(1);
        // The 'error' event fires on the idle checked-out client while the transaction awaits something else.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      })
      .catch((error: unknown) => {
        caught = error;
      });
    expect(caught).toBeDefined();
    expect(isDatabaseUnavailable(caught)).toBe(true);

    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/lost', async () => {
      throw caught;
    });
    const answer = await app.inject('/lost');
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json().error.code).toBe(ErrorCode.unavailable);
    await app.close();
    // And the pool goes on.
    const rows = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(rows.rows[0]!.one).toBe(1);
  });
});
