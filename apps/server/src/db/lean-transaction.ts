import type pg from 'pg';
import type { Db } from './client.ts';
import { driverOf, pgliteSql, type QueryOptions, type Sql, type Statement } from './lean-sql.ts';
import { sqlStateOf } from './sql-state.ts';

/** SQLSTATEs worth running the whole transaction again for: serialization failure and deadlock. */
const retryable = new Set(['40001', '40P01']);

export interface LeanTransactionOptions {
  retries?: number;
  /** Called once after a successful COMMIT (e.g. to nudge the outbox dispatcher). */
  afterCommit?: () => void;
}

/**
 * Runs `fn` in one transaction on the raw driver: BEGIN, the caller's statements, COMMIT, nothing else.
 * On PostgreSQL one pooled connection is checked out for the whole transaction (one checkout per request);
 * on PGlite its own transaction mutex keeps it apart from Drizzle's transactions on the same instance.
 * Deadlocks and serialization failures run `fn` again (it must have no effects outside the database).
 */
export async function leanTransaction<T>(
  db: Db,
  fn: (sql: Sql) => Promise<T>,
  { retries = 5, afterCommit }: LeanTransactionOptions = {},
): Promise<T> {
  const driver = driverOf(db);
  for (let attempt = 0; ; attempt++) {
    try {
      let result: T;
      if (driver.kind === 'pglite') {
        result = await driver.client.transaction((tx) => fn(nothingAfterLast(pgliteSql(tx))));
      } else {
        const client = await driver.pool.connect();
        let broken: unknown;
        const tx = pipelinedTransaction(client);
        try {
          result = await fn(nothingAfterLast(tx.sql));
          await tx.commit();
        } catch (error) {
          await client.query('ROLLBACK').catch((e: unknown) => {
            broken = e;
          });
          throw error;
        } finally {
          // A connection whose ROLLBACK failed is in an unknown state: drop it rather than reuse it.
          client.release(broken instanceof Error ? broken : undefined);
        }
      }
      afterCommit?.();
      return result;
    } catch (error) {
      const state = sqlStateOf(error);
      if (attempt >= retries || !state || !retryable.has(state)) throw error;
      await new Promise((r) => setTimeout(r, 2 + Math.random() * 10 * (attempt + 1)));
    }
  }
}

/** Nothing runs after a `last` statement, on either driver (PGlite commits when `fn` returns). */
function nothingAfterLast(sql: Sql): Sql {
  let ended = false;
  return {
    query(s, values, options) {
      if (ended) throw new Error(`statement ${s.name} after the transaction's last one`);
      if (options?.last) ended = true;
      return sql.query(s, values, options);
    },
  };
}

/** The client's socket (`pg` keeps it on its connection; absent, nothing is corked). */
const socketOf = (client: pg.PoolClient) =>
  (client as unknown as { connection?: { stream?: { cork(): void; uncork(): void } } }).connection?.stream;

/**
 * A transaction on a pipelined connection (the pool runs `pg` in pipeline mode) that saves two of its round
 * trips (decision 0088): BEGIN leaves in the same socket write as the first statement, and COMMIT in the
 * same write as a statement marked `last`. Each message still gets its own answer, read in order: a failed
 * statement aborts the transaction, so a COMMIT sent behind it only rolls back (PostgreSQL answers it with
 * the tag ROLLBACK), and the statement's error is what the caller sees.
 */
function pipelinedTransaction(client: pg.PoolClient): { sql: Sql; commit(): Promise<void> } {
  let begun: Promise<unknown> | null = null;
  let committed: Promise<pg.QueryResult> | null = null;
  const send = (text: string) => {
    const sent = client.query(text);
    sent.catch(() => {}); // read below, in order; never an unhandled rejection
    return sent;
  };
  const checkCommitted = async (commit: Promise<pg.QueryResult>) => {
    const answer = await commit;
    // Every earlier statement answered without error, so the transaction cannot have been aborted.
    if (answer.command !== 'COMMIT') throw new Error(`COMMIT answered ${answer.command}`);
  };
  return {
    sql: {
      async query<R>(s: Statement, values: readonly unknown[], options?: QueryOptions) {
        // Corked, the socket takes BEGIN, the statement's messages and COMMIT in one write.
        const stream = socketOf(client);
        stream?.cork();
        const begin = begun ? null : send('BEGIN');
        begun ??= begin;
        const result = client.query({ name: s.name, text: s.text, values: values as unknown[] });
        result.catch(() => {}); // awaited below, after BEGIN's answer
        if (options?.last) committed = send('COMMIT');
        stream?.uncork();
        if (begin) await begin;
        const rows = (await result).rows as R[];
        if (committed) await checkCommitted(committed);
        return rows;
      },
    },
    async commit() {
      if (committed) return checkCommitted(committed);
      // No statement ran: there is no transaction to end.
      if (begun) await checkCommitted(send('COMMIT'));
    },
  };
}
