import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { createJobQueue, type JobDefinition } from '../../src/jobs/index.ts';
import { databaseKind } from '../harness.ts';

// Issue 31: instances starting at the same moment on a fresh PostgreSQL database died with
// `duplicate key value violates unique constraint "pg_namespace_nspname_index"` while pg-boss created its
// schema. Each round starts several instances at once against an empty database, as the server starts: migrate,
// then start the queue. The migration matters: without it (fresh pool connections) the race did not show.

const adminUrl = process.env.TEST_DATABASE_URL;
const INSTANCES = 5;
const ROUNDS = 4;
const log = { warn() {}, error() {} };
const definitions = ['test-together-a', 'test-together-b'].map(
  (name) => ({ name, handle: async () => {} }) as JobDefinition<never>,
);

/** An empty database, created as harness.ts's freshDatabase does (the instances migrate it themselves). */
async function emptyDatabase(admin: pg.Client): Promise<{ url: string; name: string }> {
  const name = `croupier_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

/** As harness.ts's drop: let the closed pools' backends leave first, so FORCE kills nobody mid-close. */
async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

describe.runIf(databaseKind === 'postgres')('job queues starting together on a fresh database', () => {
  it(`${INSTANCES} instances at once all start, ${ROUNDS} rounds`, { timeout: 120_000 }, async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const { url, name } = await emptyDatabase(admin);
        const databases = await Promise.all(
          Array.from({ length: INSTANCES }, () => openDatabase({ databaseUrl: url, poolSize: 3 })),
        );
        const queues = databases.map((d) => createJobQueue({ db: d.db, definitions, log, pollingIntervalSeconds: 1 }));
        try {
          // As the server starts: migrate (one instance at a time, under the migration lock), then the queue.
          // The pool connection that migrated then runs pg-boss's `to_regclass` check before the winner commits.
          const results = await Promise.allSettled(
            databases.map(async (d, i) => {
              await d.migrate();
              await queues[i]?.start();
            }),
          );
          const failures = results.flatMap((r) =>
            r.status === 'rejected' ? [`${r.reason} ${r.reason?.detail ?? ''}`] : [],
          );
          expect(failures, `round ${round}`).toEqual([]);
          expect(queues.every((q) => q.started)).toBe(true);
        } finally {
          await Promise.all(queues.map((q) => q.stop()));
          await Promise.all(databases.map((d) => d.close()));
          await dropDatabase(admin, name);
        }
      }
    } finally {
      await admin.end();
    }
  });
});
