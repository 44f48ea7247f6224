import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import { driverOf, type Sql } from '../db/lean-sql.ts';
import { queueDbOf, transactionDbOf } from './adapter.ts';

// Scheduled work that must survive restarts and run once across instances (bonus and wagering deadlines,
// cashback, tournament ends): pg-boss on the app's own database (docs/decisions/0054-job-queue.md).
// pg-boss delivers at least once (a crash mid-job runs it again), so every handler is idempotent: it
// reads the state it changes and does nothing when the work is already done.

/** A kind of job: its queue name and what one job of it does. */
export interface JobDefinition<T extends object = object> {
  readonly name: string;
  handle(data: T, job: { id: string }): Promise<void>;
  /** Retries of a failing job before it is kept as failed (default 5, with backoff). */
  readonly retryLimit?: number;
}

export interface SendOptions {
  /** Not before this moment (a deadline). */
  startAfter?: Date;
  /** A job id chosen by the sender: a second send with the same id adds nothing (a weekly run, say). */
  id?: string;
  /** Send inside this open transaction: the job exists only if it commits. */
  in?: Sql;
}

/** How a module queues a job on the app's queue (the app passes `jobs.send`). */
export type SendJob = <T extends object>(job: JobDefinition<T>, data: T, options?: SendOptions) => Promise<unknown>;

export interface JobQueue {
  send<T extends object>(job: JobDefinition<T>, data: T, options?: SendOptions): Promise<string | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly started: boolean;
}

export interface JobQueueOptions {
  db: Db;
  definitions: readonly JobDefinition<never>[];
  log: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void };
  /** How often an idle worker looks for due jobs, seconds (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
}

/** pg-boss keeps its tables in a schema of its own, migrated by itself under an advisory lock. */
export const JOBS_SCHEMA = 'jobs';

/** Any constant (unchanged since queues alone were set up under it): instances set up pg-boss one at a time. */
const SETUP_LOCK_KEY = 72_616_054;

/**
 * Runs `fn` while no other instance on this PostgreSQL database does. Two races on a fresh database need it:
 * - pg-boss checks for its schema (`to_regclass`) before taking its own transaction-level advisory lock to
 *   create it. The pool connection's catalogue cache keeps that "no such schema", and waiting on an advisory
 *   lock need not refresh it, so after the winner commits a loser's `CREATE SCHEMA IF NOT EXISTS` inserts
 *   again: `duplicate key ... "pg_namespace_nspname_index"` (issue 31). Behind this lock, a later instance
 *   checks in a new transaction, after the winner's commit, and finds the schema.
 * - pg-boss creates a queue by inserting its row and attaching a partition with a foreign key to the queue
 *   table; two instances creating queues at once deadlock on those locks.
 * The lock is held on a connection of its own, so `fn` keeps the whole pool. PGlite has one instance:
 * nothing to wait for.
 */
async function oneInstanceAtATime(db: Db, fn: () => Promise<void>): Promise<void> {
  const driver = driverOf(db);
  if (driver.kind !== 'postgres') return fn();
  const client = new pg.Client(driver.pool.options);
  // A lost connection fails the awaited query below; without a listener its 'error' event would end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
    await fn();
  } finally {
    // Ending the session releases the lock as well.
    await client.end();
  }
}

export function createJobQueue({ db, definitions, log, pollingIntervalSeconds = 2 }: JobQueueOptions): JobQueue {
  const names = new Set(definitions.map((d) => d.name));
  if (names.size !== definitions.length) throw new Error('Two job definitions share a name');
  const boss = new PgBoss({ db: queueDbOf(db), schema: JOBS_SCHEMA, supervise: true, schedule: false });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  let started = false;

  return {
    get started() {
      return started;
    },
    async start() {
      if (started) return;
      await oneInstanceAtATime(db, async () => {
        // Schema creation or migration happens in start(): under the lock too (see oneInstanceAtATime).
        await boss.start();
        for (const definition of definitions) {
          await boss.createQueue(definition.name, { name: definition.name, retryLimit: definition.retryLimit ?? 5 });
        }
      });
      for (const definition of definitions) {
        await boss.work<object>(definition.name, { pollingIntervalSeconds }, async (jobs) => {
          for (const job of jobs) await (definition as JobDefinition).handle(job.data, { id: job.id });
        });
      }
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      // Graceful: running handlers finish (up to pg-boss's timeout); nothing new is fetched.
      await boss.stop({ graceful: true, wait: true, close: false });
    },
    async send(job, data, options = {}) {
      if (!names.has(job.name)) throw new Error(`Unknown job ${job.name}: pass its definition to the queue`);
      // A job may be sent before the queue starts polling (or on an instance that does not work it):
      // the queue's tables exist once any instance has started it.
      if (!started) await this.start();
      return boss.send(job.name, data, {
        retryLimit: job.retryLimit ?? 5,
        retryBackoff: true,
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.id ? { id: options.id } : {}),
        ...(options.in ? { db: transactionDbOf(options.in) } : {}),
      });
    },
  };
}
