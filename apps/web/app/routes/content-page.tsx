import { ApiError } from '@croupier/contracts';
import { BONUS_CLAIM_CONTENT, BonusClaim } from '../features/bonuses/index.ts';
import { notFound } from '../lib/not-found.ts';
import { useI18n } from '../shared/i18n/i18n.tsx';
import { localeOfRequest } from '../shared/i18n/locale.server.ts';
import { localizeLinks } from '../shared/i18n/localize-links.ts';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import type { Route } from './+types/content-page';

/**
 * /static/{id} and /bonus/{id}: a page from the content system in the visitor's locale. A bonus page that names
 * its code (front matter `bonusCode:`) ends with its claim (decision 0076).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const folder = /\/bonus\//.test(url.pathname) ? 'bonus' : 'static';
  try {
    const { data } = await context.api.content.page({
      params: { folder, identity: params.pageIdentity },
      query: { locale: await localeOfRequest(context.api, request, params.lang) },
    });
    // A bonus page's claim brings its own text (issue 15: a page gets only the text it shows).
    const claims = folder === 'bonus' && data.bonusCode;
    return {
      page: data,
      ...(claims ? { content: await routeContent(context.api, request, params.lang, BONUS_CLAIM_CONTENT) } : {}),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(url.pathname);
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta(rootOf(matches, location), { title: loaderData?.page.title, description: loaderData?.page.description });

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { href } = useI18n();
  return (
    <article className="page prose" lang={page.locale}>
      <h1>{page.title}</h1>
      {/* rendered from the repository's own Markdown */}
      <div dangerouslySetInnerHTML={{ __html: localizeLinks(page.html, href) }} />
      {page.folder === 'bonus' && page.bonusCode && <BonusClaim code={page.bonusCode} />}
    </article>
  );
}
