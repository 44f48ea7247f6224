/** Runs `fn` after every earlier call with the same key has settled. */
export type WithLock = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

// Rounds of one owner run one at a time (nonce order, one open round); the unique (pair, nonce) index
// backs it up across processes.
export function createLocks(): WithLock {
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
