import { useT } from '../features/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../features/i18n/meta.ts';
import { useSession } from '../features/session/session.ts';
import { EmptyState, PageHeader } from '../features/ui/page.tsx';
import { SignInPrompt } from '../features/ui/sign-in-prompt.tsx';
import type { Route } from './+types/recently-played';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.recentlyPlayed', noindex: true });

export default function RecentlyPlayed() {
  const t = useT();
  const { isLoggedIn } = useSession();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.recentlyPlayed')} />
      {isLoggedIn ? (
        <EmptyState icon="clock" text={t('global-components.empty.recentlyPlayed')} />
      ) : (
        <SignInPrompt icon="clock" textKey="global-components.empty.recentlyPlayedGuest" />
      )}
    </div>
  );
}
