import type { ApiClient, ContentTree } from '@croupier/contracts';
import { loadContent, loadSiteSettings } from '../../lib/site-data.server.ts';
import { pickContent } from './content-tree.ts';
import { localeOfRequest } from './locale.server.ts';

/**
 * The content a route renders beyond the shell's, for its loader to return as `content` (the i18n
 * provider lays it over the root's). The locale is decided as the root decides it.
 */
export async function routeContent(
  api: ApiClient,
  request: Request,
  lang: string | undefined,
  paths: readonly string[],
): Promise<ContentTree> {
  const { locales } = await loadSiteSettings(api);
  // A prefix that is no locale: the site layout answers 404, this answers nothing rather than fail first.
  if (lang !== undefined && !locales.some((l) => l.code === lang)) return {};
  const locale = await localeOfRequest(api, request, lang);
  return pickContent(await loadContent(api, locale), paths);
}
