import type {
  ApiClient,
  Constants,
  ContentFolder,
  ContentTree,
  Country,
  Locale,
  SiteSettings,
} from '@croupier/contracts';
import { onConfigChange } from './config-generation.server.ts';
import { ttlCache } from './ttl-cache.ts';

const FOLDERS: ContentFolder[] = ['layout', 'global-components', 'alerts', 'fields-settings'];
// Staff edit content and site settings at run time: the cache is dropped as soon as an API answer shows the
// configuration changed (config-generation.server.ts); the minute is only a backstop for an API without it.
const settingsCache = ttlCache<unknown>(60_000);
onConfigChange(settingsCache.clear);

export async function loadSiteSettings(api: ApiClient): Promise<{ site: SiteSettings; locales: Locale[] }> {
  return settingsCache('site', async () => {
    const [site, locales] = await Promise.all([api.settings.site(), api.settings.locales()]);
    return { site: site.data, locales: locales.data };
  }) as Promise<{ site: SiteSettings; locales: Locale[] }>;
}

/** The four content folders the site reads at start (spec §7), one tree keyed by folder name. */
export async function loadContent(api: ApiClient, locale: string): Promise<ContentTree> {
  return settingsCache(`content:${locale}`, async () => {
    const docs = await Promise.all(
      FOLDERS.map((folder) => api.content.document({ params: { folder }, query: { locale } })),
    );
    return Object.fromEntries(docs.map((d) => [d.data.folder, d.data.content]));
  }) as Promise<ContentTree>;
}

export async function loadCountries(api: ApiClient): Promise<Country[]> {
  return settingsCache('countries', async () => (await api.settings.countries()).data) as Promise<Country[]>;
}

/** Built once per countries list (the cached list is the same array for its minute), not per request. */
const indexes = new WeakMap<readonly Country[], ReadonlyMap<string, Country>>();

/** The countries by code (one `Map` per cached list, issue 15: not ~250 entries built per request). */
export async function loadCountryIndex(api: ApiClient): Promise<ReadonlyMap<string, Country>> {
  const countries = await loadCountries(api);
  let byCode = indexes.get(countries);
  if (!byCode) {
    byCode = new Map(countries.map((c) => [c.code, c]));
    indexes.set(countries, byCode);
  }
  return byCode;
}

/** A country's locale by its code, null when the code is unknown or absent. */
export async function countryLocaleOf(api: ApiClient, code: string | null): Promise<string | null> {
  return code ? ((await loadCountryIndex(api)).get(code)?.locale ?? null) : null;
}

export async function loadConstants(api: ApiClient): Promise<Constants> {
  return settingsCache('constants', async () => (await api.settings.constants()).data) as Promise<Constants>;
}
