import { createAdvisoryLocks, LockTimeoutError } from '../../db/advisory-locks.ts';
import { type Db, databaseOf } from '../../db/client.ts';
import { StudioError } from './errors.ts';

/** Runs `fn` after every earlier call with the same key has settled. */
export type WithLock = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

/** Any constant: the advisory-lock namespace of the studio's owners (docs/decisions/0028). */
const OWNER_LOCK_NAMESPACE = 72_616_019;

/**
 * Rounds of one owner run one at a time (nonce order, one open round). In-process, calls of one key
 * queue in memory; on PostgreSQL the head of that queue also takes an advisory lock, so two instances
 * on one database never play two rounds of one owner at once. PGlite is one process: memory is enough.
 */
export function createLocks(
  db?: Db,
  log?: { warn(o: unknown, m: string): void; error(o: unknown, m: string): void },
): WithLock {
  const local = createLocalLocks();
  const database = db && databaseOf(db);
  if (database?.kind !== 'postgres') return local;
  const shared = createAdvisoryLocks(database, { namespace: OWNER_LOCK_NAMESPACE, name: 'croupier-studio-locks', log });
  return (key, fn) =>
    local(key, () =>
      shared(key, fn).catch((error: unknown) => {
        if (error instanceof LockTimeoutError) throw new StudioError(409, 'conflict', 'Try again.');
        throw error;
      }),
    );
}

/** One promise chain per key, dropped once it settles. */
function createLocalLocks(): WithLock {
  const locks = new Map<string, Promise<unknown>>();
  return function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = locks.get(key) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const settled = run.catch(() => undefined);
    locks.set(key, settled);
    void settled.then(() => {
      if (locks.get(key) === settled) locks.delete(key);
    });
    return run;
  };
}
