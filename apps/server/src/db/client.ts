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
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type modules see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dirname, '../../drizzle');
/** Any constant works; it only has to be the same for every instance migrating the same database. */
const MIGRATION_LOCK_KEY = 72_616_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; 'memory://' keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
}

/** PostgreSQL when a URL is given, embedded PGlite otherwise: same schema, same migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // bigint (int8) comes back as a string by default; keep it exact as a JS bigint.
    pool.on('connect', (client) => client.setTypeParser(20, (v: string) => BigInt(v)));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          // Several instances may start at once; one migrates, the others wait and find nothing to do.
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, parsers: { 20: (v: string) => BigInt(v) } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    close: () => client.close(),
  };
}

export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite');

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
