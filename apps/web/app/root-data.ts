import type { ContentTree, Locale, PlayerInit, Profile, SiteSettings } from '@croupier/contracts';

/**
 * What the root loader hands every page. A module of its own so that i18n and session can name the type
 * without importing root.tsx, which imports them (issue 15: no import loop).
 */
export interface RootData {
  locale: string;
  defaultLocale: string;
  locales: Locale[];
  site: SiteSettings;
  geo: PlayerInit;
  content: ContentTree;
  /** The paths `content` was picked by (content-paths.ts): a modal fetches what they do not cover. */
  contentPaths: string[];
  /** The path without its locale prefix, for alternates and the language switcher. */
  path: string;
  origin: string;
  /** The `npm start` demo: the demo ribbon on every page (docs/decisions/0037). */
  demo: boolean;
  /** The logged-in player's profile id, or null for a guest. */
  player: { id: string } | null;
  /** The logged-in player's profile as SSR loaded it; the session provider owns it after hydration. */
  profile: Profile | null;
  /** A stored token had expired: rendered as a guest, the browser refreshes and loads the profile. */
  sessionPending: boolean;
  /** Sign-in and sign-up switches (constants) and the geo defaults registration fills in. */
  auth: AuthSettings;
}

export interface AuthSettings {
  registration: { email: boolean; phone: boolean };
  /** Phone tab of forgot-password (constants player.otp.enabled). */
  otpEnabled: boolean;
  /** The geo country's currency, filled into a hidden registration currency field. */
  geoCurrency: string | null;
  /** Social sign-in connections (constants player.socialAuth), one button each. */
  social: string[];
}
