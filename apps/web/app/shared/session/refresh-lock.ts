/**
 * One token refresh at a time, across tabs (spec §4): the tab that refreshes puts 'loading' under a
 * shared localStorage key; other tabs poll every 500 ms, up to 10 times, for the new token. Storage,
 * clock and sleep are injected so the protocol is testable without a browser.
 */
export const REFRESH_LOCK_KEY = 'croupier:token-refresh';
export const REFRESH_LOCK_VALUE = 'loading';
export const REFRESH_POLL_MS = 500;
export const REFRESH_POLL_TRIES = 10;

export type LockStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface RefreshDeps {
  storage: LockStorage;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The token as stored now (the cookie is shared by every tab). */
  readToken: () => string | null;
  /**
   * The stored token read past any per-tab cache, for the moment a tab gets the lock after another one
   * refreshed. Absent: `readToken`.
   */
  readTokenNow?: () => Promise<string | null>;
  isExpired: (token: string, nowMs: number) => boolean;
  /** Calls the refresh endpoint with the expired token and stores the new one; throws on failure. */
  refresh: (expiredToken: string) => Promise<string>;
  /**
   * Runs `fn` while holding a lock no other tab holds at the same time (the Web Locks API in
   * browsers). The localStorage flag alone is check-then-set: two tabs acting in the same moment
   * would both see it free. Absent: the flag protocol alone.
   */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
}

function lockHeld(storage: LockStorage): boolean {
  try {
    return storage.getItem(REFRESH_LOCK_KEY) === REFRESH_LOCK_VALUE;
  } catch {
    return false;
  }
}

/**
 * A fresh token, or null when refreshing failed (the caller logs out). When another tab holds the
 * lock this waits for its result; a lock still held after 10 polls is stale (its tab closed) and
 * this tab refreshes itself.
 */
export async function refreshWithLock(expiredToken: string, deps: RefreshDeps): Promise<string | null> {
  const fresh = () => {
    const token = deps.readToken();
    return token && !deps.isExpired(token, deps.now()) ? token : null;
  };
  if (!deps.exclusive) return refreshUnderFlag(expiredToken, deps, fresh);
  const freshNow = async () => {
    const token = deps.readTokenNow ? await deps.readTokenNow() : deps.readToken();
    return token && !deps.isExpired(token, deps.now()) ? token : null;
  };
  // Whoever gets the lock second finds the first one's token in the shared cookie and is done.
  return deps.exclusive(async () => (await freshNow()) ?? refreshUnderFlag(expiredToken, deps, fresh));
}

async function refreshUnderFlag(
  expiredToken: string,
  deps: RefreshDeps,
  fresh: () => string | null,
): Promise<string | null> {
  if (lockHeld(deps.storage)) {
    for (let i = 0; i < REFRESH_POLL_TRIES; i++) {
      await deps.sleep(REFRESH_POLL_MS);
      const token = fresh();
      if (token) return token;
      // The other tab finished without a usable token: its refresh failed.
      if (!lockHeld(deps.storage)) return null;
    }
  }
  try {
    deps.storage.setItem(REFRESH_LOCK_KEY, REFRESH_LOCK_VALUE);
  } catch {
    // No storage: refresh without telling other tabs.
  }
  try {
    return await deps.refresh(deps.readToken() ?? expiredToken);
  } catch {
    return null;
  } finally {
    try {
      deps.storage.removeItem(REFRESH_LOCK_KEY);
    } catch {
      // Nothing to release.
    }
  }
}

export interface TokenKeeper {
  /** The token to send now: the stored one while fresh, else a refreshed one, else null. */
  fresh(): Promise<string | null>;
}

/** Single-flight per tab on top of the cross-tab lock; `onRefreshFailed` runs once per failed refresh. */
export function createTokenKeeper(deps: RefreshDeps & { onRefreshFailed: () => void }): TokenKeeper {
  let inflight: Promise<string | null> | null = null;
  return {
    fresh() {
      const token = deps.readToken();
      if (!token) return Promise.resolve(null);
      if (!deps.isExpired(token, deps.now())) return Promise.resolve(token);
      inflight ??= refreshWithLock(token, deps)
        .then((next) => {
          if (!next) deps.onRefreshFailed();
          return next;
        })
        .finally(() => {
          inflight = null;
        });
      return inflight;
    },
  };
}
