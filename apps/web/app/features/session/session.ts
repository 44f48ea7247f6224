import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root.tsx';

export interface SessionView {
  isLoggedIn: boolean;
}

/** Who is looking: a guest or a logged-in player (spec §6). Sessions arrive with the accounts issue. */
export function useSession(): SessionView {
  const root = useRouteLoaderData<RootData>('root');
  return { isLoggedIn: Boolean(root?.player) };
}
