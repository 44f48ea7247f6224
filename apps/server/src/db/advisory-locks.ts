import type { Database } from './client.ts';
import type { DedicatedConnection } from './dedicated.ts';

export interface AdvisoryLockOptions {
  /** First key of the two-key advisory lock: keeps these locks apart from other users of advisory locks. */
  namespace: number;
  /** application_name of the dedicated connection. */
  name: string;
  /** Give up waiting for another instance after this long (the caller's error says "try again"). */
  timeoutMs?: number;
  log?: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

/** Another instance held the key for longer than `timeoutMs`. */
export class LockTimeoutError extends Error {
  override readonly name = 'LockTimeoutError';
}

/**
 * Keyed mutual exclusion across every instance on one PostgreSQL database (docs/decisions/0028): a
 * session-level advisory lock per key, every key of this instance held on one dedicated connection, so
 * holding locks never takes a connection from the request pool, however many keys are held. Waiting
 * is a `pg_try_advisory_lock` retried with back-off; the connection only ever runs short statements.
 *
 * Session locks are re-entrant: callers must not take the same key twice at once in one instance (put
 * an in-process queue per key in front). If the connection drops, PostgreSQL releases its locks while
 * their holders may still run; that is logged, and the data's own constraints are the backstop.
 */
export function createAdvisoryLocks(database: Database, options: AdvisoryLockOptions) {
  const { namespace, name, timeoutMs = 30_000, log } = options;
  let connection: DedicatedConnection | null = null;
  const connectionOf = () => {
    if (connection) return connection;
    connection = database.dedicated({ name, log });
    connection.onReconnect(() => log?.error({ name }, 'advisory locks were released when their connection dropped'));
    return connection;
  };

  return async function withAdvisoryLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const c = connectionOf();
    const deadline = Date.now() + timeoutMs;
    for (let delay = 2; ; delay = Math.min(100, delay * 2)) {
      const [row] = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [
        namespace,
        key,
      ]);
      if (row?.ok) break;
      if (Date.now() + delay > deadline) throw new LockTimeoutError(`lock ${key}: held elsewhere for ${timeoutMs} ms`);
      // Jittered, so two instances waiting on one key do not retry in step.
      await new Promise((r) => setTimeout(r, delay * (0.5 + Math.random())));
    }
    try {
      return await fn();
    } finally {
      // After a drop the lock is already gone; unlocking then only warns on the server.
      await c
        .query('select pg_advisory_unlock($1, hashtext($2))', [namespace, key])
        .catch((error) => log?.warn({ err: error, key }, 'advisory unlock failed'));
    }
  };
}
