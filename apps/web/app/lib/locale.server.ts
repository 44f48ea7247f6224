import type { ApiClient } from '@croupier/contracts';
import { isNeverPrefixed, resolveLocale } from '../shared/i18n/locale.ts';
import { LANGUAGE_COOKIE, readCookie } from './cookies.ts';
import { playerInitOf } from './player-init.server.ts';
import { countryLocaleOf, loadSiteSettings } from './site-data.server.ts';

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
