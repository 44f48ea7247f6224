import type { Profile } from '@croupier/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { RootData } from '../../root-data.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { clearAccessToken, readAccessToken, writeAccessToken } from './cookie.ts';
import { onSessionEnded, onSessionStarted } from './lifecycle.ts';
import { freshToken, plainApi, setSessionEvents } from './runtime.ts';
import { type LogoutReason, SessionContext, type SessionValue } from './session-context.ts';
import { encodeSignal, parseSignal, reactionTo, SESSION_SIGNAL_KEY, type SessionSignal } from './signals.ts';
import { STORAGE_KEYS, safeStorage } from './storage.ts';

const broadcast = (kind: SessionSignal) => safeStorage.set(SESSION_SIGNAL_KEY, encodeSignal(kind, Date.now()));

/**
 * The session machine of spec §4. SSR hands over the profile (or a pending expired token); from then
 * on the browser owns the state: logins, logouts, token refresh, cross-tab signals.
 */
export function SessionProvider({ root, children }: { root: RootData; children: ReactNode }) {
  const { href } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const [profile, setProfileState] = useState<Profile | null>(root.profile);
  const [isPending, setPending] = useState(root.sessionPending);
  const loggedIn = useRef(Boolean(root.profile));
  loggedIn.current = Boolean(profile);
  // 'default' is the key of the location the page was loaded with, before any client navigation.
  const firstLoad = useRef(true);
  firstLoad.current = location.key === 'default';
  const where = useRef(location);
  where.current = location;

  const setProfile = useCallback((next: Profile) => setProfileState(next), []);

  const clearLocal = useCallback(() => {
    clearAccessToken();
    safeStorage.remove(STORAGE_KEYS.pendingInvoice);
    safeStorage.remove(STORAGE_KEYS.returnGame);
    setProfileState(null);
    setPending(false);
    onSessionEnded();
  }, []);

  const logout = useCallback(
    (reason: LogoutReason = 'user') => {
      const token = readAccessToken();
      if (!token && !loggedIn.current) return;
      // The server closes the session; the client clears locally whatever it answers (api-contract §3.2).
      if (reason === 'user' && token)
        plainApi()
          .player.logout({ token })
          .catch(() => {});
      clearLocal();
      if (reason !== 'quiet') broadcast('logout');
      if (reason === 'unauthorized') {
        if (firstLoad.current) {
          navigate(`${href('/')}?sign-in=true`, { replace: true });
        } else {
          const params = new URLSearchParams(where.current.search);
          params.set('sign-in', 'true');
          navigate({ pathname: where.current.pathname, search: `?${params}` }, { preventScrollReset: true });
        }
      }
    },
    [clearLocal, href, navigate],
  );

  const login = useCallback<SessionValue['login']>(
    ({ accessToken, profile: next }) => {
      writeAccessToken(accessToken);
      setProfileState(next);
      setPending(false);
      broadcast('login');
      onSessionStarted(next, setProfile);
    },
    [setProfile],
  );

  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  useEffect(() => {
    setSessionEvents({
      onUnauthorized: () => logoutRef.current('unauthorized'),
      onRefreshFailed: () => logoutRef.current('refresh-failed'),
    });
  }, []);

  // First load in the browser: finish what SSR could not (refresh an expired token, drop a dead one).
  const booted = useRef(false);
  useEffect(() => {
    if (booted.current) return;
    booted.current = true;
    const token = readAccessToken();
    if (root.profile) {
      onSessionStarted(root.profile, setProfile);
    } else if (token && root.sessionPending) {
      void (async () => {
        const fresh = await freshToken();
        if (!fresh) return; // the failed refresh already logged out
        try {
          const { data } = await plainApi().player.profile({ token: fresh });
          setProfileState(data);
          setPending(false);
          onSessionStarted(data, setProfile);
        } catch {
          logoutRef.current('quiet');
        }
      })();
    } else if (token) {
      // SSR could not load a profile with this token: logged out quietly (spec §8).
      logoutRef.current('quiet');
    } else if (root.sessionPending) {
      setPending(false);
    }
  }, [root.profile, root.sessionPending, setProfile]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_SIGNAL_KEY) return;
      const reaction = reactionTo(parseSignal(event.newValue), loggedIn.current);
      if (reaction === 'reload') window.location.reload();
      if (reaction === 'home') {
        clearLocal();
        navigate(href('/'));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clearLocal, href, navigate]);

  const value = useMemo<SessionValue>(
    () => ({
      isLoggedIn: Boolean(profile),
      isPending,
      player: profile ? { id: profile.id } : null,
      profile,
      login,
      logout,
      setProfile,
    }),
    [profile, isPending, login, logout, setProfile],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
