import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { AUTH_PAGE_CONTENT } from '../content-paths.ts';
import {
  backRouteOf,
  CONNECTION_NAME,
  callbackQuery,
  completeSocialLogin,
  isCancelled,
  SOCIAL_EMAIL_HINT,
  socialFailureOf,
  telegramFields,
  withParam,
} from '../features/auth/index.ts';
import { flashState } from '../features/shell/index.ts';
import { trackRegistration } from '../shared/analytics/data-layer.ts';
import { useI18n } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import { useSession } from '../shared/session/session.ts';
import { Skeleton } from '../shared/ui/page.tsx';
import type { Route } from './+types/auth-social-callback';

/** The page's own text (issue 15: the root sends the shell's only). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return { content: await routeContent(context.api, request, params.lang, AUTH_PAGE_CONTENT) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.socialCallback', noindex: true });

/**
 * Return from a social provider (spec §2, api-contract §3.1). The browser posts the callback query (it
 * needs the device fingerprint and keeps the session cookie), logs in and goes back to the state's
 * backRoute. A cancel goes back with sign-in open; 11001 opens sign-in with the e-mail hint, 11002 goes
 * home with "account blocked", anything else opens sign-up.
 */
export default function SocialCallback() {
  const { t, href, locale } = useI18n();
  const { connection = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = { ...callbackQuery(location.search), ...telegramFields(location.hash) };
    const back = backRouteOf(query.state, href('/'));
    const go = (to: string, state?: unknown) => navigate(to, { replace: true, state });
    if (isCancelled(query)) {
      go(withParam(back, 'sign-in'));
      return;
    }
    if (!CONNECTION_NAME.test(connection)) {
      go(withParam(back, 'sign-up'));
      return;
    }
    completeSocialLogin({ connection, query, locale }).then(
      (auth) => {
        session.login(auth);
        if (auth.profile.isNewlyRegistered) trackRegistration('success', { method: 'social', connection });
        go(back);
      },
      (error: unknown) => {
        const failure = socialFailureOf(error);
        if (failure === 'email') go(withParam(back, 'sign-in', SOCIAL_EMAIL_HINT));
        else if (failure === 'blocked') go(href('/'), flashState('accountBlocked'));
        else go(withParam(back, 'sign-up'));
      },
    );
  }, [connection, href, locale, location.search, navigate, session]);

  return (
    <div className="page page--narrow" aria-busy="true">
      <p role="status">{t('global-components.pages.socialCallback')}</p>
      <Skeleton lines={2} />
    </div>
  );
}
