import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { changeConfig } from '../../src/config-bus/index.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { lobbyCacheOf } from '../../src/modules/game/lobby-cache.ts';
import { seedGames } from '../../src/modules/game/seed.ts';
import { newStaffToken, tokenHashOf } from '../../src/modules/staff/auth/tokens.ts';

// Two app instances as two servers would run them: one PostgreSQL database, one Redis, and each instance its
// own database handle (pool, outbox dispatcher connection, lobby cache: the lobby cache is per handle, so two
// instances sharing one handle would share one cache and prove nothing). Used by the propagation test and by
// bench/config/propagation.ts.

export interface Instance {
  app: FastifyInstance;
  database: Database;
}

export interface TwoInstances {
  a: Instance;
  b: Instance;
  /** A marketing staff member's bearer token (catalogue:write), written straight to the staff tables. */
  staffToken: string;
  /** The id of the seeded game `identity`. */
  gameId(identity: string): Promise<string>;
  close(): Promise<void>;
}

/** A scratch database on `adminUrl`, two instances over it and `redisUrl`, the demo catalogue seeded. */
export async function startTwoInstances(options: {
  adminUrl: string;
  redisUrl: string;
  /** Scratch database name prefix (tests and the bench name theirs apart). */
  prefix?: string;
  /** How long each instance's lobby cache keeps the catalogue (production's default is 10 s; tests turn it off). */
  catalogueCacheMs?: number;
}): Promise<TwoInstances> {
  const name = `${options.prefix ?? 'croupier_test_config'}_${randomBytes(6).toString('hex')}`;
  await adminQuery(options.adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    DATABASE_URL: url.toString(),
    REDIS_URL: options.redisUrl,
    // A prefix of its own: parallel runs on one Redis never hear each other's changes.
    REALTIME_REDIS_PREFIX: `croupier-test:${randomBytes(6).toString('hex')}:`,
  });
  const opened: Database[] = [];
  const apps: FastifyInstance[] = [];
  const close = async () => {
    for (const app of apps.reverse()) await app.close().catch(() => {});
    for (const database of opened) await database.close().catch(() => {});
    await dropDatabase(options.adminUrl, name);
  };
  try {
    const start = async (): Promise<Instance> => {
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
      opened.push(database);
      if (opened.length === 1) await database.migrate();
      const app = await buildApp({ config, database, logger: false });
      apps.push(app);
      await app.ready();
      lobbyCacheOf(database.db).ttls.catalogueMs = options.catalogueCacheMs ?? 60_000;
      return { app, database };
    };
    const a = await start();
    const b = await start();
    await seedGames(a.database.db);

    const staffToken = newStaffToken();
    const staff = (await a.database.db.execute(sql`
      insert into staff.accounts (email, name, role, password_hash)
      values (${`marketing-${name}@staff.test`}, 'Marketing', 'marketing', 'not-a-password-hash')
      returning id`)) as unknown as { rows: { id: string }[] };
    await a.database.db.execute(sql`
      insert into staff.sessions (staff_id, token_hash, expires_at)
      values (${staff.rows[0]!.id}, ${tokenHashOf(staffToken)}, now() + interval '12 hours')`);

    return {
      a,
      b,
      staffToken,
      async gameId(identity) {
        const rows = (await a.database.db.execute(
          sql`select id from game.games where identity = ${identity}`,
        )) as unknown as { rows: { id: string }[] };
        return rows.rows[0]!.id;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function adminQuery(adminUrl: string, query: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(query, values);
  } finally {
    await client.end();
  }
}

/** Drops the scratch database once the pools' sockets are gone (FORCE would kill a closing client). */
async function dropDatabase(adminUrl: string, name: string) {
  for (let i = 0; i < 40; i++) {
    const { rows } = await adminQuery(adminUrl, 'select count(*)::int as n from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Whether instance `i`'s lobby (`GET /api/game/games`, all pages' worth) lists the game `identity`. */
export async function lobbyLists(i: Instance, identity: string): Promise<boolean> {
  const res = await i.app.inject({ method: 'GET', url: '/api/game/games?perPage=100' });
  if (res.statusCode !== 200) throw new Error(`GET /api/game/games: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { identity: string }[] }).data.some((g) => g.identity === identity);
}

/** Whether the instance serves the game editor's `PUT /api/backoffice/games/:id`. */
export const hasGameEditor = (i: Instance) =>
  i.app.endpoints.some((e) => e.method === 'PUT' && e.path === '/api/backoffice/games/:id');

/**
 * `PUT /api/backoffice/games/:id` on instance `i` as the staff member: what an operator does. Where the game
 * editor's route is not registered (an older tree), the same change through `changeConfig` on `i`'s handle.
 */
export async function setGameEnabled(i: Instance, staffToken: string, gameId: string, enabled: boolean) {
  if (!hasGameEditor(i)) {
    await changeConfig(i.database.db, ['lobby'], async (tx) => {
      await tx.execute(sql`update game.games set enabled = ${enabled} where id = ${gameId}`);
    });
    return;
  }
  const res = await i.app.inject({
    method: 'PUT',
    url: `/api/backoffice/games/${gameId}`,
    headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ enabled, reason: enabled ? 'back in the lobby' : 'taken out of the lobby' }),
  });
  if (res.statusCode !== 200) throw new Error(`PUT /api/backoffice/games/${gameId}: ${res.statusCode} ${res.body}`);
}

/**
 * Polls `check` on a tight loop until it holds; answers the milliseconds from `since` (performance.now()).
 * Throws after `timeoutMs`.
 */
export async function msUntil(check: () => Promise<boolean>, since: number, timeoutMs = 5000): Promise<number> {
  while (!(await check())) {
    if (performance.now() - since > timeoutMs) throw new Error(`not seen after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
  return performance.now() - since;
}
