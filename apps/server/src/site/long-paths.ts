import { isLocaleCode } from '@croupier/contracts/reference/index';

/** The API's longest path for a redirect rule (content routeRule): no page or rule has a longer one. */
export const MAX_SITE_PATH = 2048;

/** An address no route serves, so the site renders its own 404 page. */
const NOWHERE = '/__path-too-long';

/**
 * The URL to render instead of a path too long for any page (issue 14 §6): the site's 404, in the visitor's
 * locale when the path starts with one. Rendering the original made a loader throw on the API's 422 (a 500).
 */
export function siteUrlFor(url: string): string {
  const path = url.split('?')[0] ?? '';
  if (path.length <= MAX_SITE_PATH) return url;
  const first = path.split('/')[1] ?? '';
  return isLocaleCode(first) ? `/${first}${NOWHERE}` : NOWHERE;
}
