import type { IncomingMessage } from 'node:http';
import { STAFF_CHANNEL_PREFIX } from '@croupier/contracts';

// Staff connections on the players' endpoint (docs/decisions/0110). The realtime module never imports the
// staff module: app.ts builds a StaffAccess from the staff module's face and hands it to registerRealtime.

/** A signed-in staff member's connection. */
export interface StaffIdentity {
  staffId: string;
  /** The staff session: ending it ends the socket (hub.revoke), as for a player's (decision 0033). */
  sessionId: string;
  /** The `staff:*` channels this member may subscribe to. */
  channels: readonly string[];
}

/** The back-office cookie an upgrade carried, and whether the upgrade came from the back office's origin. */
export interface StaffCookie {
  token: string;
  originAllowed: boolean;
}

export interface StaffAccess {
  /** The back-office cookie of an upgrade request with its `Origin` checked; null when it carries none. */
  cookieOf(request: IncomingMessage): StaffCookie | null;
  /** A staff token (the cookie's, or a bearer `stf_…`) → its member, or null when it opens no session. */
  authenticate(token: string, via: 'cookie' | 'bearer'): Promise<StaffIdentity | null>;
  /** Whether a session is still open: not signed out, disabled, idle or past its 12 hours. Read only. */
  isOpen(sessionId: string): Promise<boolean>;
}

/** The centrifuge client's `name` with which the back office asks for its cookie to sign the connection in. */
export const STAFF_CLIENT_NAME = 'backoffice';

/** Staff tokens start so (staff/auth/tokens.ts); a player's JWT never does (it starts `eyJ`). */
export const STAFF_TOKEN_PREFIX = 'stf_';

export const isStaffChannel = (channel: string): boolean => channel.startsWith(STAFF_CHANNEL_PREFIX);

export type StaffCredential = { token: string; via: 'cookie' | 'bearer' } | 'refused';

/**
 * The staff credential of a `connect`, or null for a player's or a guest's connection: a `stf_` token is a
 * staff bearer token; no token with the client name `backoffice` asks for the upgrade's cookie, which counts
 * only when the upgrade came from the back office (a cross-site page's socket carries the cookie too, and
 * must not be signed in by it). A player's socket never uses the cookie, so a stale one cannot break it.
 */
export function staffCredentialOf(
  token: string | undefined,
  name: string | undefined,
  cookie: StaffCookie | null,
): StaffCredential | null {
  if (token) return token.startsWith(STAFF_TOKEN_PREFIX) ? { token, via: 'bearer' } : null;
  if (name !== STAFF_CLIENT_NAME) return null;
  return cookie?.originAllowed ? { token: cookie.token, via: 'cookie' } : 'refused';
}
