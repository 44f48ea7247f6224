import { useT } from '../features/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../features/i18n/meta.ts';
import { EmptyState, PageHeader } from '../features/ui/page.tsx';
import type { Route } from './+types/providers';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.providers' });

export default function Providers() {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.providers')} />
      <EmptyState icon="providers" text={t('global-components.empty.providers')} />
    </div>
  );
}
