import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase } from '../harness.ts';

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
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const terminated = await admin.query(
      'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    expect(terminated.rowCount).toBeGreaterThan(0);
    // The idle clients learn of it asynchronously; give the 'error' events time to fire.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rows = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(rows.rows[0]!.one).toBe(1);
  });
});
