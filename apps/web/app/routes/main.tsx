import { useT } from '../features/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../features/i18n/meta.ts';
import { EmptyState, PageHeader } from '../features/ui/page.tsx';
import type { Route } from './+types/main';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.main' });

export default function Main() {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.main')} />
      <EmptyState icon="lobby" text={t('global-components.empty.games')} />
    </div>
  );
}
