import pg from 'pg';
import { isDatabaseUnavailable, sqlStateOf } from './sql-state.ts';

// The pool under the read handle `readDb` (decision 0119): each statement, and each transaction's connection,
// goes to the replica's pool while the lag guard allows it, else to the primary's. Routing per statement rather
// than per query builder means a read that fails on the replica for want of it (connection refused or lost,
// a standby cancelling it for a recovery conflict) can run again on the primary: every statement here is a read.
// It extends pg.Pool so that Drizzle (transactions: connect and release) and lean-sql's driverOf (poolSql on the
// hot history reads) treat it as the pool it stands for; it never opens a connection of its own.

/** Statements routed by the read handle since start, per target (tests read them; so could a metric). */
export interface RoutedCounts {
  replica: number;
  primary: number;
  /** Statements or connections that failed on the replica and were run on the primary instead. */
  fallback: number;
}

/**
 * The replica is not there (or not yet, or no more): the database-away test the 503s use (sql-state.ts), or any
 * failure without a SQLSTATE (a connect or query timeout of this pool's own). A statement that merely failed on the
 * replica, with a SQLSTATE of its own, is the statement's error and is thrown as is.
 */
export function replicaGone(error: unknown): boolean {
  return sqlStateOf(error) === undefined || isDatabaseUnavailable(error);
}

/** The standby cancelled the statement because replay needed what it read (hot_standby conflicts). */
const recoveryConflict = (error: unknown) => ['40001', '40P01'].includes((error as { code?: string })?.code ?? '');

export interface RoutingPoolOptions {
  primary: pg.Pool;
  replica: pg.Pool;
  useReplica: () => boolean;
  /** The replica failed for want of it: the guard stops using it until its next successful measure. */
  onReplicaGone: (error: unknown) => void;
}

// The config object may carry a callback pg stored on it during the first attempt: the retry gets a copy.
const copied = (args: unknown[]) =>
  args.map((a) => (a && typeof a === 'object' && !Array.isArray(a) ? { ...(a as object) } : a));

export class RoutingPool extends pg.Pool {
  readonly routed: RoutedCounts = { replica: 0, primary: 0, fallback: 0 };
  readonly #to: RoutingPoolOptions;

  constructor(to: RoutingPoolOptions) {
    super({ max: 1 });
    this.#to = to;
  }

  // biome-ignore lint/suspicious/noExplicitAny: forwards every one of pg.Pool.query's overloads unchanged
  override query(...args: any[]): any {
    const { primary, replica, useReplica, onReplicaGone } = this.#to;
    // Callback style (used by neither Drizzle nor lean-sql) stays on the primary: no retry to wire.
    if (typeof args.at(-1) === 'function' || !useReplica()) {
      this.routed.primary += 1;
      return primary.query(...(args as [string]));
    }
    this.routed.replica += 1;
    return (replica.query(...(args as [string])) as Promise<pg.QueryResult>).catch((error: unknown) => {
      const gone = replicaGone(error);
      if (!gone && !recoveryConflict(error)) throw error;
      if (gone) onReplicaGone(error);
      this.routed.fallback += 1;
      return primary.query(...(copied(args) as [string]));
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: both of pg.Pool.connect's overloads
  override connect(...args: any[]): any {
    const { primary, replica, useReplica, onReplicaGone } = this.#to;
    if (typeof args[0] === 'function' || !useReplica()) {
      this.routed.primary += 1;
      return primary.connect(...(args as []));
    }
    this.routed.replica += 1;
    // Nothing ran yet: a refused connection simply becomes a primary one.
    return replica.connect().catch((error: unknown) => {
      if (!replicaGone(error)) throw error;
      onReplicaGone(error);
      this.routed.fallback += 1;
      return primary.connect();
    });
  }
}
