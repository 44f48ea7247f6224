import { WelcomePackage as Package } from '../features/bonuses/index.ts';
import { useT } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/welcome-package';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.welcomePackage' });

/** /welcome-package: the operator's welcome package, rendered from its bonus definitions. */
export default function WelcomePackage() {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.welcomePackage')} />
      <Package />
    </div>
  );
}
