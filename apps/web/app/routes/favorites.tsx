import { useT } from '../features/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../features/i18n/meta.ts';
import { useSession } from '../features/session/session.ts';
import { EmptyState, PageHeader } from '../features/ui/page.tsx';
import { SignInPrompt } from '../features/ui/sign-in-prompt.tsx';
import type { Route } from './+types/favorites';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.favorites', noindex: true });

export default function Favorites() {
  const t = useT();
  const { isLoggedIn } = useSession();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.favorites')} />
      {isLoggedIn ? (
        <EmptyState icon="heart" text={t('global-components.empty.favorites')} />
      ) : (
        <SignInPrompt icon="heart" textKey="global-components.empty.favoritesGuest" />
      )}
    </div>
  );
}
