import { useT } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { EmptyState, PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/tournaments';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.tournaments' });

export default function Tournaments() {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.tournaments')} />
      <EmptyState icon="trophy" text={t('global-components.empty.tournaments')} />
    </div>
  );
}
