import { createApiClient } from '@croupier/contracts';
import { readCookie } from './cookies.ts';

/** The browser's client: same origin, bearer token from the access_token cookie (spec §4). */
export const browserApi = createApiClient({ getToken: () => readCookie(document.cookie, 'access_token') });
