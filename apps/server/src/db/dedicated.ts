import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Runs one statement with $n parameters and answers its rows. */
export type Query = <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;

/**
 * A database session of its own, outside the request pool, for what a pooled connection cannot do:
 * LISTEN, and locks that outlive one statement. On PostgreSQL it is one connection that comes back by
 * itself after a drop; on PGlite (one connection by nature) it is the embedded instance itself.
 */
export interface DedicatedConnection {
  readonly kind: 'pglite' | 'postgres';
  /** One statement; waits while (re)connecting, rejects once closed. */
  query: Query;
  /** `fn`'s statements in one transaction, nothing else in between. */
  transaction<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  /** Calls `listener` on each NOTIFY on `channel`; subscribed again after every reconnect. */
  listen(channel: string, listener: () => void): Promise<void>;
  /**
   * Called after the session came back: what the old one held (session locks) is gone, and notifications
   * sent meanwhile were missed.
   */
  onReconnect(listener: () => void): void;
  close(): Promise<void>;
}

export interface ReconnectOptions {
  /** application_name of the connection, so pg_stat_activity tells what it is for. */
  name?: string;
  /** First delay after a drop, doubled on each failure up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  log?: { warn(obj: unknown, msg: string): void };
}

/** The state of one PostgreSQL dedicated connection, shared by the steps below. */
interface PgSession {
  config: pg.ClientConfig;
  options: ReconnectOptions;
  channels: Map<string, Set<() => void>>;
  reconnected: Set<() => void>;
  client: pg.Client | null;
  connecting: Promise<pg.Client> | null;
  closed: boolean;
  everConnected: boolean;
  // One statement or transaction at a time: a transaction's statements must not interleave with others.
  tail: Promise<unknown>;
}

const closedError = () => new Error('dedicated connection closed');

/** One attempt: a connected client listening on every channel, or null (ended) when it failed. */
async function connectOnce(st: PgSession): Promise<pg.Client | null> {
  const { config, options } = st;
  const c = new pg.Client({ ...config, application_name: options.name ?? config.application_name });
  c.setTypeParser(20, (v: string) => BigInt(v));
  c.on('error', (error) => options.log?.warn({ err: error }, 'dedicated database connection lost'));
  try {
    await c.connect();
    for (const channel of st.channels.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return c;
  } catch (error) {
    options.log?.warn({ err: error }, 'dedicated database connection failed; retrying');
    await c.end().catch(() => {});
    return null;
  }
}

/** Connects with back-off until it succeeds or the connection is closed; tells reconnect listeners. */
async function open(st: PgSession): Promise<pg.Client> {
  const { minDelayMs = 100, maxDelayMs = 5000 } = st.options;
  for (let delay = minDelayMs; ; delay = Math.min(maxDelayMs, delay * 2)) {
    if (st.closed) throw closedError();
    const c = await connectOnce(st);
    if (!c) {
      // Jitter, so instances that lost the database together do not come back in lock-step.
      await new Promise((r) => setTimeout(r, delay * (0.5 + Math.random())));
      continue;
    }
    c.on('notification', (n) => {
      for (const listener of st.channels.get(n.channel) ?? []) listener();
    });
    c.on('end', () => {
      if (st.client !== c) return;
      st.client = null;
      if (!st.closed) void ensure(st).catch(() => {});
    });
    if (st.closed) {
      await c.end().catch(() => {});
      throw closedError();
    }
    st.client = c;
    if (st.everConnected) for (const listener of st.reconnected) listener();
    st.everConnected = true;
    return c;
  }
}

/** The connected client, connecting first (once, however many wait) when there is none. */
function ensure(st: PgSession): Promise<pg.Client> {
  if (st.client) return Promise.resolve(st.client);
  st.connecting ??= open(st).finally(() => {
    st.connecting = null;
  });
  return st.connecting;
}

function serial<T>(st: PgSession, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const run = st.tail.then(async () => fn(await ensure(st)));
  st.tail = run.catch(() => {});
  return run;
}

const on =
  (c: pg.Client): Query =>
  async <R>(text: string, params?: unknown[]) =>
    (await c.query(text, params)).rows as R[];

async function inTransaction<T>(c: pg.Client, fn: (query: Query) => Promise<T>): Promise<T> {
  await c.query('BEGIN');
  try {
    const result = await fn(on(c));
    await c.query('COMMIT');
    return result;
  } catch (error) {
    // A failed ROLLBACK means the connection is gone; the next statement reconnects.
    await c.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** PostgreSQL: one pg.Client, reconnected with back-off; statements run one after another. */
export function dedicatedPostgres(config: pg.ClientConfig, options: ReconnectOptions = {}): DedicatedConnection {
  const st: PgSession = {
    config,
    options,
    channels: new Map(),
    reconnected: new Set(),
    client: null,
    connecting: null,
    closed: false,
    everConnected: false,
    tail: Promise.resolve(),
  };
  return {
    kind: 'postgres',
    query: (text, params) => serial(st, (c) => on(c)(text, params)),
    transaction: (fn) => serial(st, (c) => inTransaction(c, fn)),
    async listen(channel, listener) {
      const set = st.channels.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(listener);
      st.channels.set(channel, set);
      if (first) await serial(st, (c) => c.query(`LISTEN ${pg.escapeIdentifier(channel)}`));
    },
    onReconnect(listener) {
      st.reconnected.add(listener);
    },
    async close() {
      // A connect still in flight sees `closed` and ends its client itself.
      st.closed = true;
      const c = st.client;
      st.client = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * "Transactions" of the dedicated PGlite sessions, one at a time per embedded instance. Several apps may
 * share one instance in a process (the two-instance tests do): without this, two outbox passes would read
 * the same unpublished page and deliver it twice.
 */
const pgliteTurns = new WeakMap<PGlite, Promise<unknown>>();

function inTurn<T>(pglite: PGlite, fn: () => Promise<T>): Promise<T> {
  const previous = pgliteTurns.get(pglite) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  pgliteTurns.set(
    pglite,
    run.catch(() => {}),
  );
  return run;
}

/** PGlite: the embedded instance is the only connection there is; closing only stops listening. */
export function dedicatedPglite(pglite: PGlite): DedicatedConnection {
  const unlisteners: (() => Promise<void>)[] = [];
  const query: Query = async <R>(text: string, params?: unknown[]) => (await pglite.query<R>(text, params)).rows;
  return {
    kind: 'pglite',
    query,
    // No BEGIN here: a PGlite transaction holds the instance's only mutex while `fn` runs, so anything in it
    // that opens a transaction of its own (the outbox's internal publishers: the retention consumer) would
    // wait for it forever. Each statement runs alone (PGlite's query takes the same mutex), and the passes
    // of every app on this instance take turns in-process, which is what the advisory lock does between
    // PostgreSQL clients. A crash between publishing and stamping publishes again: at-least-once delivery.
    transaction: (fn) => inTurn(pglite, () => fn(query)),
    async listen(channel, listener) {
      unlisteners.push(await pglite.listen(channel, () => listener()));
    },
    onReconnect() {},
    async close() {
      for (const unlisten of unlisteners.splice(0)) await unlisten().catch(() => {});
    },
  };
}
