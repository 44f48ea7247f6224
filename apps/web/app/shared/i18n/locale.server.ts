import type { ApiClient } from '@croupier/contracts';
import { LANGUAGE_COOKIE, readCookie } from '../../lib/cookies.ts';
import { playerInitOf } from '../../lib/player-init.server.ts';
import { countryLocaleOf, loadSiteSettings } from '../../lib/site-data.server.ts';
import { isNeverPrefixed, resolveLocale } from './locale.ts';

/**
 * The locale a page loader renders in, the same way the root decides it: the prefix when there is
 * one; for never-prefixed pages the cookie, then the geo country; otherwise the default.
 */
export async function localeOfRequest(api: ApiClient, request: Request, lang: string | undefined): Promise<string> {
  const { locales } = await loadSiteSettings(api);
  const defaultLocale = locales.find((l) => l.isDefault)?.code ?? 'en';
  if (lang) return lang;
  if (!isNeverPrefixed(new URL(request.url).pathname)) return defaultLocale;
  const geo = await playerInitOf(api);
  return resolveLocale({
    cookie: readCookie(request.headers.get('cookie'), LANGUAGE_COOKIE),
    countryLocale: await countryLocaleOf(api, geo.country),
    known: locales.map((l) => l.code),
    defaultLocale,
  });
}
