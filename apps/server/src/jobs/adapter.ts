import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import { driverOf, type Sql } from '../db/lean-sql.ts';

/**
 * pg-boss speaks to the database through `executeSql`. One adapter per driver keeps the queue on the
 * app's own connections: the `pg` pool on PostgreSQL, the embedded instance on PGlite. PGlite's
 * parameterless path runs pg-boss's multi-statement migrations (`exec`); everything else is one
 * statement with parameters.
 */
export function queueDbOf(db: Db): PgBoss.Db {
  const driver = driverOf(db);
  if (driver.kind === 'postgres') {
    return { executeSql: (text, values) => driver.pool.query(text, values) };
  }
  const { client } = driver;
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
  };
}

/**
 * A caller's open transaction as a pg-boss connection: a job sent through it exists only if that
 * transaction commits (a bonus and its expiry job, together or not at all).
 */
export function transactionDbOf(sql: Sql): PgBoss.Db {
  return {
    async executeSql(text, values) {
      // Bound as the `pg` driver would: a job's data object as JSON text, an absent option as NULL (a
      // Drizzle-bound `undefined` would vanish from the statement).
      const params = (values ?? []).map((v) =>
        v === undefined
          ? null
          : v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)
            ? JSON.stringify(v)
            : v,
      );
      const rows = await sql.query({ name: '', text }, params);
      return { rows };
    },
  };
}
