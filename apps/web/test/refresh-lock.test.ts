import { describe, expect, it, vi } from 'vitest';
import {
  createTokenKeeper,
  REFRESH_LOCK_KEY,
  REFRESH_POLL_MS,
  type RefreshDeps,
  refreshWithLock,
} from '../app/shared/session/refresh-lock.ts';

/** A shared localStorage stand-in, a fake clock whose sleep advances time, and a token "cookie". */
function world(start = 1_000) {
  const store = new Map<string, string>();
  const state = { now: start, token: 'expired' as string | null, sleeps: 0 };
  const hooks: { onSleep?: (n: number) => void } = {};
  const deps: RefreshDeps = {
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    now: () => state.now,
    sleep: async (ms) => {
      state.now += ms;
      state.sleeps += 1;
      hooks.onSleep?.(state.sleeps);
    },
    readToken: () => state.token,
    isExpired: (token) => token === 'expired',
    refresh: vi.fn(async () => {
      expect(store.get(REFRESH_LOCK_KEY)).toBe('loading');
      state.token = 'new';
      return 'new';
    }),
  };
  return { store, state, hooks, deps };
}

describe('token refresh lock (spec §4)', () => {
  it('under the exclusive lock, reads the token past the tab cache: another tab just refreshed', async () => {
    const { deps } = world();
    // This tab's document.cookie still shows the expired token; the browser's cookie store has the new one.
    const exclusive = <T>(fn: () => Promise<T>) => fn();
    const withLock = { ...deps, exclusive, readTokenNow: async () => 'from-other-tab' };
    expect(await refreshWithLock('expired', withLock)).toBe('from-other-tab');
    expect(deps.refresh).not.toHaveBeenCalled();
    // Without the uncached read it would refresh a second time.
    expect(await refreshWithLock('expired', { ...deps, exclusive })).toBe('new');
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('takes the lock, refreshes and releases it', async () => {
    const { deps, store } = world();
    expect(await refreshWithLock('expired', deps)).toBe('new');
    expect(deps.refresh).toHaveBeenCalledWith('expired');
    expect(store.has(REFRESH_LOCK_KEY)).toBe(false);
  });

  it('releases the lock and answers null when the refresh fails', async () => {
    const { deps, store } = world();
    deps.refresh = vi.fn(async () => {
      throw new Error('401');
    });
    expect(await refreshWithLock('expired', deps)).toBeNull();
    expect(store.has(REFRESH_LOCK_KEY)).toBe(false);
  });

  it('waits for another tab: polls every 500 ms and takes its token', async () => {
    const { deps, store, state, hooks } = world();
    store.set(REFRESH_LOCK_KEY, 'loading');
    hooks.onSleep = (n) => {
      if (n === 3) {
        state.token = 'other-tab';
        store.delete(REFRESH_LOCK_KEY);
      }
    };
    const started = state.now;
    expect(await refreshWithLock('expired', deps)).toBe('other-tab');
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(state.now - started).toBe(3 * REFRESH_POLL_MS);
  });

  it('gives up when the other tab released the lock without a token (its refresh failed)', async () => {
    const { deps, store, state, hooks } = world();
    store.set(REFRESH_LOCK_KEY, 'loading');
    hooks.onSleep = () => {
      state.token = null;
      store.delete(REFRESH_LOCK_KEY);
    };
    expect(await refreshWithLock('expired', deps)).toBeNull();
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('refreshes itself after 10 polls of a stale lock', async () => {
    const { deps, store, state } = world();
    store.set(REFRESH_LOCK_KEY, 'loading');
    expect(await refreshWithLock('expired', deps)).toBe('new');
    expect(state.sleeps).toBe(10);
    expect(store.has(REFRESH_LOCK_KEY)).toBe(false);
  });
});

describe('two tabs in the same moment', () => {
  /** Two tabs share the cookie, but neither has seen the other's localStorage write yet. */
  function twoTabs(exclusive?: RefreshDeps['exclusive']) {
    const { deps, state } = world();
    deps.refresh = vi.fn(async () => {
      await Promise.resolve(); // the network: the other tab runs meanwhile
      state.token = 'new';
      return 'new';
    });
    const ownStorage = () => {
      const m = new Map<string, string>();
      return {
        getItem: (k: string) => m.get(k) ?? null,
        setItem: (k: string, v: string) => void m.set(k, v),
        removeItem: (k: string) => void m.delete(k),
      };
    };
    const tab = () => refreshWithLock('expired', { ...deps, storage: ownStorage(), exclusive });
    return { deps, run: () => Promise.all([tab(), tab()]) };
  }

  it("refresh once under the exclusive lock: the second tab finds the first one's token", async () => {
    // A mutex standing in for navigator.locks, which tabs of one origin share.
    let tail: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
      const run = tail.then(fn);
      tail = run.catch(() => {});
      return run;
    };
    const { deps, run } = twoTabs(exclusive);
    expect(await run()).toEqual(['new', 'new']);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('refresh twice with the storage flag alone (why the lock exists)', async () => {
    const { deps, run } = twoTabs();
    await run();
    expect(deps.refresh).toHaveBeenCalledTimes(2);
  });
});

describe('token keeper', () => {
  it('returns a fresh token untouched and null for a guest', async () => {
    const { deps, state } = world();
    const keeper = createTokenKeeper({ ...deps, onRefreshFailed: vi.fn() });
    state.token = 'fresh';
    expect(await keeper.fresh()).toBe('fresh');
    state.token = null;
    expect(await keeper.fresh()).toBeNull();
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent calls of a tab', async () => {
    const { deps } = world();
    const keeper = createTokenKeeper({ ...deps, onRefreshFailed: vi.fn() });
    expect(await Promise.all([keeper.fresh(), keeper.fresh(), keeper.fresh()])).toEqual(['new', 'new', 'new']);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('reports a failed refresh once', async () => {
    const { deps } = world();
    deps.refresh = vi.fn(async () => {
      throw new Error('no');
    });
    const onRefreshFailed = vi.fn();
    const keeper = createTokenKeeper({ ...deps, onRefreshFailed });
    expect(await Promise.all([keeper.fresh(), keeper.fresh()])).toEqual([null, null]);
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
  });
});
