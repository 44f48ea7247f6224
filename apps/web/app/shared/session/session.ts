import { useContext } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root-data.ts';
import { SessionContext, type SessionValue } from './session-context.ts';

export type { LogoutReason, SessionValue } from './session-context.ts';

const noop = () => {};

/** Who is looking (spec §6) and the session actions. Outside the provider it is read-only root data. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  const root = useRouteLoaderData<RootData>('root');
  if (value) return value;
  return {
    isLoggedIn: Boolean(root?.player),
    isPending: false,
    player: root?.player ?? null,
    profile: root?.profile ?? null,
    login: noop,
    logout: noop,
    setProfile: noop,
  };
}
