import { useT } from '../features/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../features/i18n/meta.ts';
import { EmptyState, PageHeader } from '../features/ui/page.tsx';
import type { Route } from './+types/categories';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.categories' });

/**
 * /categories redirects to the first game collection keeping the query (spec §2). No collection
 * exists until the catalogue lands, so the page shows its empty state.
 */
export default function Categories() {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.categories')} />
      <EmptyState icon="categories" text={t('global-components.empty.categories')} />
    </div>
  );
}
