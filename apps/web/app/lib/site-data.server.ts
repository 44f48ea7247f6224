import type {
  ApiClient,
  Constants,
  ContentFolder,
  ContentTree,
  Country,
  Locale,
  SiteSettings,
} from '@croupier/contracts';
import { ttlCache } from './ttl-cache.ts';

const FOLDERS: ContentFolder[] = ['layout', 'global-components', 'alerts', 'fields-settings'];
const settingsCache = ttlCache<unknown>(60_000);

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

export async function loadCountryLocales(api: ApiClient): Promise<Map<string, string>> {
  const countries = await loadCountries(api);
  return new Map(countries.map((c) => [c.code, c.locale]));
}

export async function loadConstants(api: ApiClient): Promise<Constants> {
  return settingsCache('constants', async () => (await api.settings.constants()).data) as Promise<Constants>;
}
