import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, registerHandle } from './client.ts';
import { driverOf } from './lean-sql.ts';
import { createLagGuard, type LagGuardOptions, type LagGuardState } from './replica-guard.ts';
import { measureReplayLag } from './replica-lag.ts';
import { type RoutedCounts, RoutingPool } from './routing-pool.ts';

// The read replica (decision 0119): modules get `readDb` beside `db` and pass it only to reads that tolerate a
// second of lag. Without a replica (or on PGlite) `readDb` is `db` itself, so the same code runs everywhere.

/** application_name of the replica's connections, so pg_stat_activity tells them apart. */
export const REPLICA_APPLICATION_NAME = 'croupier-replica';

export interface ReadReplicaOptions extends Pick<LagGuardOptions, 'maxLagMs' | 'intervalMs' | 'staleAfterMs'> {
  /** DATABASE_REPLICA_URL; unset: no replica. */
  url?: string;
  /** DATABASE_REPLICA_POOL_SIZE. Default 5. */
  poolSize?: number;
  log?: { info(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
  /** Tests: the lag in ms instead of measuring it (db/replica-lag.ts). */
  readLag?: () => Promise<number>;
}

export interface ReadReplica {
  /** The read handle: the replica while its lag allows, else the primary. */
  readonly db: Db;
  /** Whether a replica is configured at all. */
  readonly configured: boolean;
  state(): LagGuardState;
  /** Measures the lag now (the timer does every second). */
  check(): Promise<LagGuardState>;
  /** Statements the read handle sent to each side. */
  readonly routed: RoutedCounts;
  /** Starts measuring (app.ts onReady). */
  start(): void;
  /** Stops measuring and ends the replica's pool. */
  close(): Promise<void>;
}

/** The primary a read handle falls back to (itself for a primary handle): caches keyed by the database use it. */
const primaries = new WeakMap<Db, Db>();
export const primaryOf = (db: Db): Db => primaries.get(db) ?? db;

const noReplica = (db: Db, reason: string): ReadReplica => {
  const state: LagGuardState = { usable: false, lagMs: Number.POSITIVE_INFINITY, measuredAt: null, reason };
  return {
    db,
    configured: false,
    state: () => state,
    check: async () => state,
    routed: { replica: 0, primary: 0, fallback: 0 },
    start() {},
    async close() {},
  };
};

/** The read handle of `database`: routed to the replica at `options.url`, or `database.db` itself without one. */
export function openReadReplica(database: Database, options: ReadReplicaOptions = {}): ReadReplica {
  const { url, log } = options;
  if (!url) return noReplica(database.db, 'no replica configured');
  const primary = driverOf(database.db);
  if (primary.kind !== 'postgres') {
    log?.warn({}, 'DATABASE_REPLICA_URL ignored: the database is the embedded PGlite');
    return noReplica(database.db, 'PGlite has no replica');
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 5,
    application_name: REPLICA_APPLICATION_NAME,
    // A replica that does not answer is not waited for: the read goes to the primary.
    connectionTimeoutMillis: 2000,
    keepAlive: true,
    // Nothing writes through the read handle; should a URL point at a primary, a write fails instead of landing.
    options: '-c default_transaction_read_only=on',
  });
  const guard = createLagGuard({
    readLag: options.readLag ?? (() => measureReplayLag(database.db, pool, 1000)),
    maxLagMs: options.maxLagMs,
    intervalMs: options.intervalMs,
    staleAfterMs: options.staleAfterMs,
    log,
  });
  // A replica restart ends its connections: an 'error' on the pool for an idle one, on the client itself for one
  // checked out (a read transaction); either would end the process unheard. The read in flight fails on its own
  // promise (and runs again on the primary); the guard keeps reads off the replica until it measures it again.
  const lost = (error: Error) => {
    log?.warn({ err: error }, 'a read replica connection was lost');
    guard.failed(error);
  };
  pool.on('connect', (client) => {
    client.setTypeParser(20, (v: string) => BigInt(v));
    client.on('error', lost);
  });
  // An idle client's error reaches the pool too, after the client's own listener above has told it.
  pool.on('error', () => {});
  const routing = new RoutingPool({
    primary: primary.pool,
    replica: pool,
    useReplica: guard.usable,
    onReplicaGone: guard.failed,
  });
  const db = drizzlePg({ client: routing }) as unknown as Db;
  primaries.set(db, database.db);
  registerHandle(db, database);
  return {
    db,
    configured: true,
    state: guard.state,
    check: guard.check,
    routed: routing.routed,
    start: guard.start,
    async close() {
      await guard.stop();
      await pool.end();
    },
  };
}
