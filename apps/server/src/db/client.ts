import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DedicatedConnection, dedicatedPglite, dedicatedPostgres, type ReconnectOptions } from './dedicated.ts';

/**
 * The one database type modules see, whichever driver is underneath. It names no table: each module types
 * its own queries with its own schema file, and db/schema.ts gathers them for drizzle-kit only (decision 0099).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Ends the pool and every dedicated connection. */
  close(): Promise<void>;
  /**
   * A session outside the request pool (LISTEN, locks held across other work): on PostgreSQL a new
   * connection that reconnects by itself, on PGlite the embedded instance. Ended by close().
   */
  dedicated(options?: ReconnectOptions): DedicatedConnection;
}

/** The Database each Drizzle handle was opened from, for modules that are handed only `db`. */
const opened = new WeakMap<Db, Database>();
export const databaseOf = (db: Db): Database | undefined => opened.get(db);
/** Another handle on `database` (the read handle of db/replica.ts): databaseOf answers it too. */
export const registerHandle = (db: Db, database: Database): void => void opened.set(db, database);

/** Tracks dedicated connections so close() ends them before the pool or the instance. */
function dedicatedSet(make: (options?: ReconnectOptions) => DedicatedConnection) {
  const live = new Set<DedicatedConnection>();
  return {
    dedicated(options?: ReconnectOptions) {
      const connection = make(options);
      live.add(connection);
      const close = connection.close.bind(connection);
      connection.close = () => {
        live.delete(connection);
        return close();
      };
      return connection;
    },
    closeAll: () => Promise.all([...live].map((c) => c.close())),
  };
}

// Resolved when migrating, not at import: drizzle-kit loads the schemas (and what they import) as CommonJS, where
// `import.meta.dirname` is undefined.
const migrationsFolder = () => resolve(import.meta.dirname, '../../drizzle');
/** Any constant works; it only has to be the same for every instance migrating the same database. */
const MIGRATION_LOCK_KEY = 72_616_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; 'memory://' keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /** Where a pooled connection's loss is reported (PostgreSQL); default: stderr. */
  log?: { warn(obj: unknown, msg: string): void };
}

/** PostgreSQL when a URL is given, embedded PGlite otherwise: same schema, same migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Pipeline mode: a query is written at once, not when the one before it answered; the lean transaction
    // sends BEGIN and COMMIT with its statements that way (decision 0088). Sequential use is unchanged.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, pipeline: true });
    // bigint (int8) comes back as a string by default; keep it exact as a JS bigint.
    pool.on('connect', (client) => {
      client.setTypeParser(20, (v: string) => BigInt(v));
      // A checked-out client (a transaction awaiting other work between statements) has no pool listener: its
      // server going away is an 'error' event on the client itself, which would end the process (issue 31: a
      // fast restart of the primary ended every instance). The statement in flight or the next one fails on
      // its own promise, and the pool drops the client when it is released.
      client.on('error', (error) => {
        if (options.log) options.log.warn({ err: error }, 'a checked-out database connection was lost');
        else console.warn(`a checked-out database connection was lost: ${error.message}`);
      });
    });
    // An idle pooled client whose server went away (a restart, a failover, a pooler recycle, 57P01) is an
    // 'error' event on the pool: without a listener Node would end the process. The pool drops the client
    // and the next query opens a new connection; a query in flight fails on its own promise.
    pool.on('error', (error) => {
      if (options.log) options.log.warn({ err: error }, 'a pooled database connection was lost');
      else console.warn(`a pooled database connection was lost: ${error.message}`);
    });
    const db = drizzlePg({ client: pool }) as unknown as Db;
    const own = dedicatedSet((o) => dedicatedPostgres({ connectionString: options.databaseUrl }, o));
    return register({
      db,
      kind: 'postgres',
      dedicated: own.dedicated,
      async migrate() {
        const client = await pool.connect();
        try {
          // Several instances may start at once; one migrates, the others wait and find nothing to do.
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg({ client }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      async close() {
        await own.closeAll();
        await pool.end();
      },
    });
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, parsers: { 20: (v: string) => BigInt(v) } });
  const db = drizzlePglite({ client }) as unknown as Db;
  const own = dedicatedSet(() => dedicatedPglite(client));
  return register({
    db,
    kind: 'pglite',
    dedicated: own.dedicated,
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() });
    },
    async close() {
      await own.closeAll();
      await client.close();
    },
  });
}

function register(database: Database): Database {
  opened.set(database.db, database);
  return database;
}

export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite');

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
