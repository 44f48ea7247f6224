import type { ApiClient } from '@croupier/contracts';
import { createBrowserApi } from '../api/api.client.ts';
import { commitAccessToken, readAccessToken, readAccessTokenNow } from './cookie.ts';
import { createTokenKeeper, type TokenKeeper } from './refresh-lock.ts';
import { safeStorage } from './storage.ts';
import { isTokenExpired } from './token.ts';

/** What the session provider does when the runtime loses the session. */
export interface SessionEvents {
  onUnauthorized: () => void;
  onRefreshFailed: () => void;
}

let events: SessionEvents = { onUnauthorized: () => {}, onRefreshFailed: () => {} };
export const setSessionEvents = (next: SessionEvents) => {
  events = next;
};

let plain: ApiClient | null = null;
let keeper: TokenKeeper | null = null;
let authed: ApiClient | null = null;

/**
 * A client outside the session rules: refresh, logout and the first profile load pass their token
 * explicitly, and their 401/403 must not trigger the global logout again.
 */
export function plainApi(): ApiClient {
  plain ??= createBrowserApi();
  return plain;
}

function tokenKeeper(): TokenKeeper {
  keeper ??= createTokenKeeper({
    storage: { getItem: safeStorage.get, setItem: safeStorage.set, removeItem: safeStorage.remove },
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    readToken: readAccessToken,
    isExpired: isTokenExpired,
    readTokenNow: readAccessTokenNow,
    refresh: async (expired) => {
      const { data } = await plainApi().player.refresh({ token: expired });
      // Committed before the lock is released: the next tab to take it must find the new token.
      await commitAccessToken(data.accessToken);
      return data.accessToken;
    },
    onRefreshFailed: () => events.onRefreshFailed(),
    exclusive:
      typeof navigator !== 'undefined' && navigator.locks
        ? <T>(fn: () => Promise<T>) => navigator.locks.request('croupier:token-refresh', fn) as Promise<T>
        : undefined,
  });
  return keeper;
}

/** The current token, refreshed first when it is (about to be) expired; null for a guest. */
export const freshToken = (): Promise<string | null> => tokenKeeper().fresh();

/**
 * The browser's API client with the session rules (spec §4, api-contract §1.2): refresh before a call
 * when the token is expired, and log out on any 401/403 of an authenticated call. Browser only.
 */
export function browserApi(): ApiClient {
  authed ??= createBrowserApi({ getToken: freshToken, onUnauthorized: () => events.onUnauthorized() });
  return authed;
}
