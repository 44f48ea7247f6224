// Preloaded into the server the wallet bench starts (node --import), never into production: wraps pg's
// query and pool checkout to count statements and pool waits, and answers the totals over IPC.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** Totals since the server started; the bench subtracts two snapshots. */
export interface QueryCounts {
  /** Statements on pooled connections (the request path): BEGIN, COMMIT and ROLLBACK apart from the rest. */
  pool: { begin: number; commit: number; rollback: number; other: number };
  /** Statements on connections outside the pool (outbox dispatcher, studio locks). */
  dedicated: number;
  /** pool.connect() calls, those that found no idle connection and the pool full, and the time spent in them. */
  checkouts: number;
  queued: number;
  waitMs: number;
}

export const STATS_MESSAGE = 'bench:query-counts';

const counts: QueryCounts = {
  pool: { begin: 0, commit: 0, rollback: 0, other: 0 },
  dedicated: 0,
  checkouts: 0,
  queued: 0,
  waitMs: 0,
};

const textOf = (arg: unknown): string =>
  typeof arg === 'string'
    ? arg
    : typeof (arg as { text?: unknown })?.text === 'string'
      ? (arg as { text: string }).text
      : '';

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const query = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  // A pooled client carries the pool's release(); a dedicated one does not.
  if (typeof (this as unknown as { release?: unknown }).release !== 'function') counts.dedicated++;
  else {
    const word = textOf(args[0]).trimStart().slice(0, 8).toUpperCase();
    if (word.startsWith('BEGIN')) counts.pool.begin++;
    else if (word.startsWith('COMMIT')) counts.pool.commit++;
    else if (word.startsWith('ROLLBACK')) counts.pool.rollback++;
    else counts.pool.other++;
  }
  return query.apply(this, args);
};

type Connect = (this: pg.Pool, callback?: (...a: unknown[]) => void) => unknown;
const connect = pg.Pool.prototype.connect as unknown as Connect;
(pg.Pool.prototype as unknown as { connect: Connect }).connect = function (this: pg.Pool, callback) {
  counts.checkouts++;
  const max = (this as unknown as { options: { max: number } }).options.max;
  if (this.idleCount === 0 && this.totalCount >= max) counts.queued++;
  const started = performance.now();
  const done = () => {
    counts.waitMs += performance.now() - started;
  };
  if (typeof callback === 'function') {
    return connect.call(this, (...a: unknown[]) => {
      done();
      callback(...a);
    });
  }
  return (connect.call(this) as Promise<unknown>).finally(done);
};

process.on('message', (message) => {
  if (message === STATS_MESSAGE) process.send?.({ type: STATS_MESSAGE, counts });
});
// The IPC channel must not keep the server alive when it is told to stop.
process.channel?.unref();

// BENCH_STATEMENT_LOG=<file>: every statement's opening words and how often it ran, written at exit (which
// statements a call runs, and who runs them besides the request path).
const logFile = process.env.BENCH_STATEMENT_LOG;
if (logFile) {
  const texts = new Map<string, number>();
  const counted = pg.Client.prototype.query as unknown as Query;
  (pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
    const pool = typeof (this as unknown as { release?: unknown }).release === 'function' ? 'pool' : 'dedicated';
    const key = `${pool}: ${textOf(args[0]).replace(/\s+/g, ' ').trim().slice(0, 110)}`;
    texts.set(key, (texts.get(key) ?? 0) + 1);
    return counted.apply(this, args);
  };
  process.on('exit', () => {
    const sorted = [...texts].sort((a, b) => b[1] - a[1]);
    writeFileSync(
      `${logFile}.${process.pid}`,
      sorted.map(([text, n]) => `${String(n).padStart(8)}  ${text}`).join('\n'),
    );
  });
}
