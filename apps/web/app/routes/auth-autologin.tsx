import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_PAGE_CONTENT } from '../content-paths.ts';
import { autologin, safeRedirectPath } from '../features/auth/index.ts';
import { useI18n } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import { useSession } from '../shared/session/session.ts';
import { Skeleton } from '../shared/ui/page.tsx';
import type { Route } from './+types/auth-autologin';

/** The page's own text (issue 15: the root sends the shell's only). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return { content: await routeContent(context.api, request, params.lang, AUTH_PAGE_CONTENT) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.autologin', noindex: true });

/**
 * Autologin by token (api-contract §3.1): `?state=<token>&redirectUrl=<path>`. The browser exchanges
 * the token for a session and goes to redirectUrl; any failure opens sign-in.
 */
export default function AutoLogin() {
  const { t, href } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('state') ?? '';
    const target = safeRedirectPath(params.get('redirectUrl'), href('/'));
    autologin(token).then(
      (auth) => {
        session.login(auth);
        // The wallet modal opens here once it exists (api-contract §3.1 "opens the wallet").
        navigate(target, { replace: true });
      },
      () => {
        // A session in this tab from before is no longer the one asked for; sign-in asks again.
        if (session.isLoggedIn) session.logout('quiet');
        navigate(`${href('/')}?sign-in=true`, { replace: true });
      },
    );
  }, [params, href, navigate, session]);

  return (
    <div className="page page--narrow" aria-busy="true">
      <p role="status">{t('global-components.pages.autologin')}</p>
      <Skeleton lines={2} />
    </div>
  );
}
