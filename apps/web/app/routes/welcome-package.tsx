import { useT } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { EmptyState, PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/welcome-package';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.welcomePackage' });

export default function WelcomePackage() {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.welcomePackage')} />
      <EmptyState icon="gift" text={t('global-components.empty.welcomePackage')} />
    </div>
  );
}
