import type { Auth, Profile } from '@croupier/contracts';
import { createContext } from 'react';

export type LogoutReason = 'user' | 'unauthorized' | 'refresh-failed' | 'quiet';

export interface SessionValue {
  isLoggedIn: boolean;
  /** A stored but expired token is being refreshed after hydration; guest-only UI should wait. */
  isPending: boolean;
  player: { id: string } | null;
  profile: Profile | null;
  /** After any successful login or registration (spec §4). */
  login: (auth: Pick<Auth, 'accessToken' | 'profile'>) => void;
  logout: (reason?: LogoutReason) => void;
  /** Replaces the local profile with the server's answer (PUT /api/player/profile). */
  setProfile: (profile: Profile) => void;
}

export const SessionContext = createContext<SessionValue | null>(null);
