import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';

// The money path's SQL: plain statements with $n parameters, prepared once per connection on PostgreSQL
// (decision 0021). Drizzle stays everywhere else; this is for the few statements per request that the
// wallet runs thousands of times a second.

/** A named statement: on PostgreSQL the name makes `pg` prepare it once per connection. */
export interface Statement {
  name: string;
  text: string;
}

/** Runs statements inside one open transaction (or, for reads, on any connection). */
export interface Sql {
  query<R = Record<string, unknown>>(
    statement: Statement,
    values: readonly unknown[],
    options?: QueryOptions,
  ): Promise<R[]>;
}

export interface QueryOptions {
  /**
   * The transaction's last statement: a lean transaction on PostgreSQL sends its COMMIT in the same write
   * (decision 0088); anywhere else it is an ordinary statement. Nothing may run after it.
   */
  last?: boolean;
}

export const statement = (name: string, text: string): Statement => ({ name, text });

/** PGlite (or one of its transactions): one connection in-process; it caches parsed statements itself. */
export const pgliteSql = (client: PGlite | PgliteTransaction): Sql => ({
  async query<R>(s: Statement, values: readonly unknown[]) {
    const result = await client.query<R>(s.text, values as unknown[]);
    return result.rows;
  },
});

/** The caller's Drizzle transaction (payments mix their own writes with a ledger move in one transaction). */
export const drizzleSql = (tx: Db): Sql => ({
  async query<R>(s: Statement, values: readonly unknown[]) {
    const result = (await tx.execute(toDrizzle(s.text, values))) as unknown as { rows: R[] };
    return result.rows;
  },
});

/** `$1 … $n` text and values as one Drizzle SQL object, parameters bound, never spliced. */
function toDrizzle(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** The driver under a Drizzle database: a `pg` pool or an embedded PGlite. */
export type Driver = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite };

export function driverOf(db: Db): Driver {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return { kind: 'postgres', pool: client };
  if (client && typeof (client as PGlite).transaction === 'function')
    return { kind: 'pglite', client: client as PGlite };
  throw new Error('Unknown database driver');
}

/** A statement outside any transaction, on whatever connection the driver gives (reads on the hot path). */
export function poolSql(db: Db): Sql {
  const driver = driverOf(db);
  if (driver.kind === 'pglite') return pgliteSql(driver.client);
  return {
    async query<R>(s: Statement, values: readonly unknown[]) {
      const result = await driver.pool.query({ name: s.name, text: s.text, values: values as unknown[] });
      return result.rows as R[];
    },
  };
}
