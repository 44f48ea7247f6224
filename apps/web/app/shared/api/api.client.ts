import { type ApiClient, createRouteClient } from '@croupier/contracts';
import { credentialsFor } from '../session/credentials.ts';
import { apiRoutes } from './routes.ts';

export interface BrowserApiOptions {
  /** The bearer token for the next call (may refresh first); null sends the call as a guest. */
  getToken?: () => string | null | Promise<string | null>;
  /** An authenticated call (one that carried a bearer token) answered 401 or 403 (api-contract §1.2). */
  onUnauthorized?: () => void;
}

/**
 * The browser's client: same origin, bearer token, no retries (api-contract §1.1); cookies only on the session
 * calls, for the HttpOnly refresh cookie (features/session/credentials.ts).
 */
export function createBrowserApi({ getToken, onUnauthorized }: BrowserApiOptions = {}): ApiClient {
  return createRouteClient(apiRoutes, {
    getToken,
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const response = await fetch(input, { ...init, credentials: credentialsFor(url) });
      if ((response.status === 401 || response.status === 403) && new Headers(init?.headers).has('authorization')) {
        onUnauthorized?.();
      }
      return response;
    },
  });
}
