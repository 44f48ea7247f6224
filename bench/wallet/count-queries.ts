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

/** A statement as the request path sent it, values made JSON-safe (bigint and Date as strings). */
export interface RecordedStatement {
  name?: string;
  text: string;
  values: unknown[];
}

/**
 * `{ type: RECORD_MESSAGE, marker, keep }` arms the recorder: the first `keep` pooled transactions that commit
 * with `marker` as one of their statements' values are kept whole, BEGIN to COMMIT (the bench marks one round
 * by its round id), and then it disarms, so the timed phase pays nothing for it.
 * `{ type: RECORDED_MESSAGE }` answers what was kept, in commit order.
 */
export const RECORD_MESSAGE = 'bench:record';
export const RECORDED_MESSAGE = 'bench:recorded';

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

const recorder = {
  marker: null as string | null,
  keep: 0,
  open: new WeakMap<pg.Client, RecordedStatement[]>(),
  kept: [] as RecordedStatement[][],
};

const jsonSafe = (value: unknown): unknown =>
  typeof value === 'bigint' ? value.toString() : value instanceof Date ? value.toISOString() : value;

/** Follows one pooled connection's transaction while the recorder is armed; keeps it if it carries the marker. */
function record(client: pg.Client, word: string, args: unknown[]) {
  const marker = recorder.marker;
  if (marker === null) return;
  if (word.startsWith('BEGIN')) recorder.open.set(client, []);
  else if (word.startsWith('COMMIT') || word.startsWith('ROLLBACK')) {
    const statements = recorder.open.get(client);
    recorder.open.delete(client);
    const marked = statements?.some((s) => s.values.includes(marker));
    if (statements && marked && word.startsWith('COMMIT')) recorder.kept.push(statements);
    if (recorder.kept.length >= recorder.keep) {
      recorder.marker = null;
      recorder.open = new WeakMap();
    }
  } else {
    const first = args[0] as { name?: string; values?: unknown[] } | string;
    const values = (typeof first === 'string' ? (args[1] as unknown[] | undefined) : first?.values) ?? [];
    const name = typeof first === 'string' ? undefined : first?.name;
    recorder.open.get(client)?.push({ name, text: textOf(first), values: values.map(jsonSafe) });
  }
}

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
    record(this, word, args);
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

process.on('message', (message: unknown) => {
  if (message === STATS_MESSAGE) process.send?.({ type: STATS_MESSAGE, counts });
  const typed = message as { type?: string; marker?: string; keep?: number } | null;
  if (typed?.type === RECORD_MESSAGE && typeof typed.marker === 'string' && Number.isInteger(typed.keep)) {
    recorder.marker = typed.marker;
    recorder.keep = typed.keep as number;
    recorder.kept = [];
  }
  if (typed?.type === RECORDED_MESSAGE) process.send?.({ type: RECORDED_MESSAGE, transactions: recorder.kept });
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
