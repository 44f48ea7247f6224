import { loadContent, loadSiteSettings } from '../lib/site-data.server.ts';
import { pickContent } from '../shared/i18n/content-tree.ts';
import type { Route } from './+types/content-by-path';

const FOLDER_PATH = /^(layout|global-components|alerts|fields-settings)(\.[\w-]+)*$/;

/**
 * `GET /_content?locale=de&paths=global-components.auth,alerts`: the text a modal needs when it opens
 * on a page that did not bring it (issue 15). Only the four site folders; unknown locales answer 404.
 * The answer is the same for everyone, so shared caches may keep it as long as site content is cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = url.searchParams.get('locale') ?? '';
  const paths = (url.searchParams.get('paths') ?? '').split(',').filter((p) => FOLDER_PATH.test(p));
  const { locales } = await loadSiteSettings(context.api);
  if (!locales.some((l) => l.code === locale) || paths.length === 0 || paths.length > 20) {
    return new Response('Not found', { status: 404 });
  }
  const tree = pickContent(await loadContent(context.api, locale), paths);
  return Response.json(tree, { headers: { 'Cache-Control': 'public, max-age=60' } });
}
