/**
 * Calls that open, renew or end a session travel with the browser's cookies (same origin only): their answers
 * set the HttpOnly refresh cookie, and refresh and logout need it back (docs/decisions/0032). Every other call
 * omits cookies, as the contract's client does (api-contract §1.1).
 */
const SESSION_PATHS = /^\/api\/player\/(sessions|register)(\/|$|\?)/;

/** The fetch credentials mode of an API call by its URL. */
export function credentialsFor(url: string): RequestCredentials {
  const path = url.startsWith('/') ? url : URL.canParse(url) ? new URL(url).pathname : url;
  return SESSION_PATHS.test(path) ? 'same-origin' : 'omit';
}
