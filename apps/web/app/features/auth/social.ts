import { ErrorCode } from '@croupier/contracts';
import { codeOf } from '../../shared/forms/api-errors.ts';
import { safeRedirectPath } from './autologin.ts';

/** Connection names the server accepts in the callback route and the body (api-contract §3.1). */
export const CONNECTION_NAME = /^[a-z0-9_-]{1,40}$/;

/** Display names of known providers; anything else gets its name in title case. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  'croupier-id': 'Croupier ID',
  google: 'Google',
  'google-oauth2': 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  microsoft: 'Microsoft',
  discord: 'Discord',
  twitch: 'Twitch',
  auth0: 'Auth0',
};

export function providerName(connection: string): string {
  const known = PROVIDER_NAMES[connection];
  if (known) return known;
  const words = connection.split(/[-_\s]+/).filter(Boolean);
  return words.length ? words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ') : connection;
}

/** Query parameters of the guest modals: a page returned to after signing in opens none of them. */
const AUTH_PARAMS = ['sign-in', 'sign-up', 'sign-up-cancel', 'forgot-pass', 'reset-pass', 'resetCode'];

/** The page to come back to: the current path and query, without the sign-in and sign-up modals. */
export function currentBackRoute(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of AUTH_PARAMS) params.delete(key);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The full-page address that starts a social sign-in (api-contract §3.4): the state is a JSON object
 * whose backRoute is URI-encoded.
 */
export function socialStartUrl(connection: string, backRoute: string): string {
  const state = JSON.stringify({ backRoute: encodeURIComponent(backRoute) });
  return `/api/player/sessions/social/${encodeURIComponent(connection)}/redirect?state=${encodeURIComponent(state)}`;
}

/**
 * The callback query as the typed client's record: every parameter kept as the provider sent it, a
 * repeated key as a list (the server reads `key[]` and repeated keys alike).
 */
export function callbackQuery(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const prior = out[key];
    out[key] = prior === undefined ? value : [prior, value].flat();
  }
  return out;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * backRoute from the callback's `state` JSON (decodeURIComponent of its backRoute), only when it is a
 * path of this site (`/…`, never `//…`); anything else, unreadable or missing, is `fallback`.
 */
export function backRouteOf(state: string | string[] | undefined, fallback: string): string {
  const raw = first(state);
  if (!raw) return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return fallback;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fallback;
  const route = (parsed as { backRoute?: unknown }).backRoute;
  return typeof route === 'string' ? safeRedirectPath(route, fallback) : fallback;
}

/** `path` with one more query parameter (a modal to open on arrival). */
export function withParam(path: string, name: string, value = 'true'): string {
  const url = new URL(path, 'http://site.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The modal type of sign-in that shows the e-mail-verification hint (api-contract §1.4, 11001). */
export const SOCIAL_EMAIL_HINT = 'social-email';

export type SocialFailure = 'email' | 'blocked' | 'sign-up';

/** 11001 → sign-in with the e-mail hint, 11002 → home with "account blocked", anything else → sign-up. */
export function socialFailureOf(error: unknown): SocialFailure {
  const code = codeOf(error);
  if (code === ErrorCode.socialEmailProblem) return 'email';
  if (code === ErrorCode.socialAccountBlocked) return 'blocked';
  return 'sign-up';
}

/** The user cancelled at the provider (RFC 6749 §4.1.2.1): back where they were, sign-in open again. */
export const isCancelled = (query: Record<string, string | string[]>) => first(query.error) === 'access_denied';
