import * as Menu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NavLink, Outlet, redirect, useLocation, useNavigate } from 'react-router';
import { NavCount } from '../features/dashboard/nav-count.tsx';
import { PasswordScreen } from '../features/password/password-screen.tsx';
import { api } from '../lib/api.ts';
import { isUnauthenticated, problemOf } from '../lib/errors.ts';
import { navFor } from '../lib/permissions.ts';
import { queryClient } from '../lib/query-client.ts';
import { meQuery, onUnauthenticated, useMe } from '../lib/session.ts';
import { useToast } from '../ui/toast.tsx';
import type { Route } from './+types/shell';

const BASENAME = '/backoffice';

/** The address inside the app (without the basename), to come back to after signing in. */
const inAppPath = (url: URL) => (url.pathname.slice(BASENAME.length) || '/') + url.search;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  try {
    return { me: await queryClient.ensureQueryData(meQuery) };
  } catch (error) {
    if (isUnauthenticated(error)) {
      const next = inAppPath(new URL(request.url));
      throw redirect(next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`);
    }
    throw error;
  }
}

export default function Shell({ loaderData }: Route.ComponentProps) {
  const me = useMe() ?? loaderData.me;
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const toast = useToast();

  // A 20000 from any call: the session ended (idle, 12 h, disabled, signed out elsewhere).
  useEffect(
    () =>
      onUnauthenticated(() => {
        client.clear();
        const next = location.pathname + location.search;
        navigate(next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`, { replace: true });
      }),
    [client, navigate, location.pathname, location.search],
  );

  const signOut = useMutation({
    mutationFn: () => api.staff.signOut(),
    onSettled: (_data, error) => {
      if (error && !isUnauthenticated(error)) {
        toast.error(problemOf(error).message);
        return;
      }
      client.clear();
      navigate('/sign-in', { replace: true });
    },
  });

  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to="/" className="topbar__brand">
          Croupier back office
        </NavLink>
        {/* A password someone else chose: nothing but its change until it succeeds (decision 0111). */}
        <nav aria-label="Main" className="topbar__nav" hidden={me.mustChangePassword}>
          <ul>
            {navFor(me.permissions).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'}>
                  {item.label}
                  {item.count && <NavCount tile={item.count} />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Menu.Root>
          <Menu.Trigger className="topbar__me" title={`${me.name} (${me.email}), ${me.role}: account menu`}>
            <span className="topbar__name">{me.name}</span>
            <span className="badge badge--inverse">{me.role}</span>
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content className="menu" align="end" sideOffset={4}>
              <Menu.Label className="menu__label">{me.email}</Menu.Label>
              <Menu.Separator className="menu__separator" />
              <Menu.Item className="menu__item" onSelect={() => navigate('/password')}>
                Change password
              </Menu.Item>
              <Menu.Item className="menu__item" onSelect={() => signOut.mutate()} disabled={signOut.isPending}>
                Sign out
              </Menu.Item>
            </Menu.Content>
          </Menu.Portal>
        </Menu.Root>
      </header>
      <main id="content" className="content" tabIndex={-1}>
        {me.mustChangePassword ? <PasswordScreen forced /> : <Outlet />}
      </main>
    </div>
  );
}
