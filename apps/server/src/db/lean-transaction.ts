import type { Db } from './client.ts';
import { driverOf, pgClientSql, pgliteSql, type Sql } from './lean-sql.ts';
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
        result = await driver.client.transaction((tx) => fn(pgliteSql(tx)));
      } else {
        const client = await driver.pool.connect();
        let broken: unknown;
        try {
          await client.query('BEGIN');
          result = await fn(pgClientSql(client));
          await client.query('COMMIT');
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
