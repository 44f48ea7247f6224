import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PROFILE_CONTENT } from '../../content-paths.ts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalNavLink } from '../../shared/i18n/link.tsx';
import { pageMeta, rootOf } from '../../shared/i18n/meta.ts';
import { routeContent } from '../../shared/i18n/route-content.server.ts';
import { useSession } from '../../shared/session/session.ts';
import { PageHeader, Skeleton } from '../../shared/ui/page.tsx';
import { SignInPrompt } from '../../shared/ui/sign-in-prompt.tsx';
import { useCurrentTabInView } from '../../shared/ui/use-current-tab-in-view.ts';
import type { Route } from './+types/layout';
import { visibleSections } from './sections.ts';

/** The page's own text (issue 15: the root sends the shell's only). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return { content: await routeContent(context.api, request, params.lang, PROFILE_CONTENT) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.profile.title', noindex: true });

export default function ProfileLayout() {
  const { t, root } = useI18n();
  const { isLoggedIn, isPending } = useSession();
  const { pathname } = useLocation();
  const tabs = useRef<HTMLElement>(null);
  useCurrentTabInView(tabs, `${pathname}:${isLoggedIn}`);
  return (
    <div className="page">
      <PageHeader title={t('global-components.profile.title')} />
      {isLoggedIn ? (
        <div className="profile">
          <nav className="tabs" ref={tabs} aria-label={t('global-components.profile.title')}>
            {visibleSections(root.site).map((s) => (
              <LocalNavLink key={s} to={`/profile/${s}`} className="tabs__tab">
                {t(`global-components.profile.${s}`)}
              </LocalNavLink>
            ))}
          </nav>
          <Outlet />
        </div>
      ) : isPending ? (
        <Skeleton lines={4} />
      ) : (
        <SignInPrompt icon="user" textKey="global-components.empty.profileGuest" />
      )}
    </div>
  );
}
