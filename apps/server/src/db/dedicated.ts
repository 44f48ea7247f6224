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

/** PostgreSQL: one pg.Client, reconnected with back-off; statements run one after another. */
export function dedicatedPostgres(
  config: pg.ClientConfig,
  { name, minDelayMs = 100, maxDelayMs = 5000, log }: ReconnectOptions = {},
): DedicatedConnection {
  const channels = new Map<string, Set<() => void>>();
  const reconnected = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let everConnected = false;
  // One statement or transaction at a time: a transaction's statements must not interleave with others.
  let tail: Promise<unknown> = Promise.resolve();

  const open = async (): Promise<pg.Client> => {
    for (let delay = minDelayMs; ; delay = Math.min(maxDelayMs, delay * 2)) {
      if (closed) throw new Error('dedicated connection closed');
      const c = new pg.Client({ ...config, application_name: name ?? config.application_name });
      c.setTypeParser(20, (v: string) => BigInt(v));
      c.on('error', (error) => log?.warn({ err: error }, 'dedicated database connection lost'));
      try {
        await c.connect();
        for (const channel of channels.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        log?.warn({ err: error }, 'dedicated database connection failed; retrying');
        await c.end().catch(() => {});
        // Jitter, so instances that lost the database together do not come back in lock-step.
        await new Promise((r) => setTimeout(r, delay * (0.5 + Math.random())));
        continue;
      }
      c.on('notification', (n) => {
        for (const listener of channels.get(n.channel) ?? []) listener();
      });
      c.on('end', () => {
        if (client !== c) return;
        client = null;
        if (!closed) void ensure().catch(() => {});
      });
      if (closed) {
        await c.end().catch(() => {});
        throw new Error('dedicated connection closed');
      }
      client = c;
      if (everConnected) for (const listener of reconnected) listener();
      everConnected = true;
      return c;
    }
  };

  const ensure = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= open().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const serial = <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const run = tail.then(async () => fn(await ensure()));
    tail = run.catch(() => {});
    return run;
  };

  const on =
    (c: pg.Client): Query =>
    async <R>(text: string, params?: unknown[]) =>
      (await c.query(text, params)).rows as R[];

  return {
    kind: 'postgres',
    query: (text, params) => serial((c) => on(c)(text, params)),
    transaction: (fn) =>
      serial(async (c) => {
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
      }),
    async listen(channel, listener) {
      const set = channels.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(listener);
      channels.set(channel, set);
      if (first) await serial((c) => c.query(`LISTEN ${pg.escapeIdentifier(channel)}`));
    },
    onReconnect(listener) {
      reconnected.add(listener);
    },
    async close() {
      // A connect still in flight sees `closed` and ends its client itself.
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/** PGlite: the embedded instance is the only connection there is; closing only stops listening. */
export function dedicatedPglite(pglite: PGlite): DedicatedConnection {
  const unlisteners: (() => Promise<void>)[] = [];
  const query: Query = async <R>(text: string, params?: unknown[]) => (await pglite.query<R>(text, params)).rows;
  return {
    kind: 'pglite',
    query,
    // PGlite's own mutex keeps Drizzle's transactions and this one apart.
    transaction: (fn) =>
      pglite.transaction((tx) => fn(async <R>(t: string, p?: unknown[]) => (await tx.query<R>(t, p)).rows)),
    async listen(channel, listener) {
      unlisteners.push(await pglite.listen(channel, () => listener()));
    },
    onReconnect() {},
    async close() {
      for (const unlisten of unlisteners.splice(0)) await unlisten().catch(() => {});
    },
  };
}
