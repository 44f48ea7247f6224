import { ApiError, ErrorCode } from '@croupier/contracts';
import type { Permission, Role } from '@croupier/contracts/backoffice/roles';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { isRole, permissionsOf } from '../roles.ts';
import { staffAccounts, staffSessions } from '../schema.ts';
import { LAST_SEEN_EVERY_MS, STAFF_IDLE_MS, tokenHashOf } from './tokens.ts';

/** The signed-in staff member of a back-office call. */
export interface StaffContext {
  staffId: string;
  sessionId: string;
  email: string;
  name: string;
  role: Role;
  permissions: readonly Permission[];
  /** How the credential came: the web app's cookie, or an API client's bearer token. */
  via: 'cookie' | 'bearer';
  /** A password someone else chose: the hook lets only its change through (decision 0111). */
  mustChangePassword: boolean;
}

export const staffUnauthenticated = (message = 'Sign in to the back office.') =>
  ApiError.of(ErrorCode.staffUnauthenticated, message);

/**
 * The staff member behind a token: an open session, not idle for 30 minutes, within its 12 hours, of an
 * account that is not disabled (a disabled account is cut off on its next call, whatever its sessions). An
 * idle session is closed as it is refused, so it cannot come back.
 */
export async function authenticateStaff(db: Db, token: string, via: StaffContext['via']): Promise<StaffContext> {
  if (token.length > 200) throw staffUnauthenticated();
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      role: staffAccounts.role,
      disabled: staffAccounts.disabled,
      mustChangePassword: staffAccounts.passwordMustChange,
      closedAt: staffSessions.closedAt,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHashOf(token)))
    .limit(1);
  if (!row || row.closedAt || row.disabled || !isRole(row.role)) throw staffUnauthenticated('The session has ended.');
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) throw staffUnauthenticated('The session has ended: sign in again.');
  if (now - row.lastSeenAt.getTime() > STAFF_IDLE_MS) {
    await closeStaffSession(db, row.sessionId, 'idle');
    throw staffUnauthenticated('The session ended after 30 minutes without activity: sign in again.');
  }
  if (now - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: sql`now()` }).where(eq(staffSessions.id, row.sessionId));
  }
  return {
    staffId: row.staffId,
    sessionId: row.sessionId,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: permissionsOf(row.role),
    via,
    mustChangePassword: row.mustChangePassword,
  };
}

export async function closeStaffSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ closedAt: sql`now()`, closedReason: reason })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.closedAt)));
}

/**
 * Every open session of a staff member ends (disabled, reset). Answers their ids: after the commit the caller
 * ends their sockets at once (`StaffDeps.endStaffSockets`) rather than at the next session check.
 */
export async function closeSessionsOf(db: Db, staffId: string, reason: string): Promise<string[]> {
  const closed = await db
    .update(staffSessions)
    .set({ closedAt: sql`now()`, closedReason: reason })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.closedAt)))
    .returning({ id: staffSessions.id });
  return closed.map((row) => row.id);
}
