import { redirect } from 'react-router';
import { loadCollections, visitorCountry } from '../features/games/index.server.ts';
import { categoriesRedirect } from '../features/games/index.ts';
import { useT } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { EmptyState, PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/categories';

/** /categories redirects to the first game collection, keeping the query string (spec §2). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const collections = await loadCollections(context.api, await visitorCountry(context.api));
  const target = categoriesRedirect(collections, new URL(request.url).search);
  if (target) throw redirect(params.lang ? `/${params.lang}${target}` : target);
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.categories' });

/** Only reached when no collection is offered in the visitor's country. */
export default function Categories() {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.categories')} />
      <EmptyState icon="categories" text={t('global-components.empty.categories')} />
    </div>
  );
}
