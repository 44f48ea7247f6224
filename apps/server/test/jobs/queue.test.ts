import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { driverOf } from '../../src/db/lean-sql.ts';
import { leanTransaction } from '../../src/db/lean-transaction.ts';
import { createJobQueue, type JobDefinition, type JobQueue } from '../../src/jobs/index.ts';
import { databaseKind, freshDatabase } from '../harness.ts';

// The job queue on both databases: due jobs run, a deadline waits for its time, a job survives the
// instance that sent it, a job sent in a rolled-back transaction never exists, and two instances on one
// PostgreSQL run each job once.

let database: Database;
let drop: () => Promise<void>;
const log = { warn() {}, error() {} };

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.db.execute(sql`create table public.job_runs (job_id text primary key, tag text not null)`);
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** A job that records each run under its id (a second run of one job would break the primary key). */
function recorder(name: string): JobDefinition<{ tag: string }> & { runs: string[] } {
  const runs: string[] = [];
  return {
    name,
    runs,
    retryLimit: 0,
    async handle(data, job) {
      runs.push(data.tag);
      await database.db.execute(sql`insert into public.job_runs (job_id, tag) values (${job.id}, ${data.tag})`);
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function queueOf(db: Database['db'], definitions: JobDefinition<never>[]): JobQueue {
  return createJobQueue({ db, definitions: definitions as JobDefinition<never>[], log, pollingIntervalSeconds: 0.5 });
}

describe(`job queue (${databaseKind})`, () => {
  it('runs a due job, and a deadline only once its time has come', async () => {
    const job = recorder('test-due');
    const queue = queueOf(database.db, [job as JobDefinition<never>]);
    await queue.start();
    try {
      await queue.send(job, { tag: 'now' });
      await queue.send(job, { tag: 'later' }, { startAfter: new Date(Date.now() + 2_500) });
      await until(() => job.runs.includes('now'));
      expect(job.runs).toEqual(['now']);
      await until(() => job.runs.includes('later'));
      expect(job.runs).toEqual(['now', 'later']);
    } finally {
      await queue.stop();
    }
  });

  it('keeps a job across a restart: sent by one instance, run by the next', async () => {
    const first = recorder('test-restart');
    const before = queueOf(database.db, [first as JobDefinition<never>]);
    await before.start();
    await before.send(first, { tag: 'deadline' }, { startAfter: new Date(Date.now() + 1_500) });
    await before.stop();
    expect(first.runs).toEqual([]);

    const second = recorder('test-restart');
    const after = queueOf(database.db, [second as JobDefinition<never>]);
    await after.start();
    try {
      await until(() => second.runs.length === 1);
      expect(second.runs).toEqual(['deadline']);
    } finally {
      await after.stop();
    }
  });

  it('sends inside a transaction: a rollback leaves no job, a commit leaves one', async () => {
    const job = recorder('test-transactional');
    const queue = queueOf(database.db, [job as JobDefinition<never>]);
    await queue.start();
    try {
      await expect(
        leanTransaction(database.db, async (tx) => {
          await queue.send(job, { tag: 'rolled back' }, { in: tx });
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      await leanTransaction(database.db, (tx) => queue.send(job, { tag: 'committed' }, { in: tx }));
      await until(() => job.runs.includes('committed'));
      await new Promise((r) => setTimeout(r, 1_500));
      expect(job.runs).toEqual(['committed']);
    } finally {
      await queue.stop();
    }
  });

  it.runIf(databaseKind === 'postgres')('runs each job once across two instances on one database', async () => {
    const url = driverOf(database.db).kind === 'postgres' ? driverOf(database.db) : null;
    const connectionString = (url as { pool: { options: { connectionString: string } } }).pool.options.connectionString;
    const other = await openDatabase({ databaseUrl: connectionString, poolSize: 3 });
    const a = recorder('test-two-instances');
    const b = recorder('test-two-instances');
    const queueA = queueOf(database.db, [a as JobDefinition<never>]);
    const queueB = queueOf(other.db, [b as JobDefinition<never>]);
    await Promise.all([queueA.start(), queueB.start()]);
    try {
      for (let n = 0; n < 20; n++) await (n % 2 ? queueA : queueB).send(a, { tag: `job-${n}` });
      await until(() => a.runs.length + b.runs.length >= 20, 30_000);
      await new Promise((r) => setTimeout(r, 1_500));
      const all = [...a.runs, ...b.runs].sort();
      expect(all).toHaveLength(20);
      expect(new Set(all).size).toBe(20);
    } finally {
      await Promise.all([queueA.stop(), queueB.stop()]);
      await other.close();
    }
  });

  it.runIf(databaseKind === 'postgres')('three instances starting at once on a fresh database all start', async () => {
    // pg-boss's queue creation deadlocked when two instances created queues together (1 run in 6 with two
    // instances and one queue); three instances and six new queues each made it near certain.
    const { database: fresh, drop: dropFresh } = await freshDatabase(3);
    const url = (driverOf(fresh.db) as { pool: { options: { connectionString: string } } }).pool.options
      .connectionString;
    const others = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: url, poolSize: 3 })));
    const names = Array.from({ length: 6 }, (_, i) => `test-start-${i}`);
    const queues = [fresh, ...others].map((d) =>
      queueOf(
        d.db,
        names.map((name) => ({ name, handle: async () => {} }) as JobDefinition<never>),
      ),
    );
    try {
      await Promise.all(queues.map((q) => q.start()));
      expect(queues.every((q) => q.started)).toBe(true);
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
      await Promise.all(others.map((d) => d.close()));
      await fresh.close();
      await dropFresh();
    }
  });

  it('refuses a job whose definition the queue was not given', async () => {
    const queue = queueOf(database.db, []);
    await expect(queue.send(recorder('test-unknown'), { tag: 'x' })).rejects.toThrow(/Unknown job/);
  });
});
