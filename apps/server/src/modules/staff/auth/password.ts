import { ApiError, type ChangePasswordRequest, ErrorCode, type Staff } from '@croupier/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { hashPassword, verifyPassword } from '../../player/index.ts';
import { staffView } from '../accounts/views.ts';
import { writeAudit } from '../audit/write.ts';
import { staffAccounts, staffSessions } from '../schema.ts';
import type { StaffContext } from './sessions.ts';
import { checkSignInThrottle, recordSignInFailure } from './throttle.ts';

const invalid = (field: keyof ChangePasswordRequest, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

/** A local part this short ("a@…") would forbid half the alphabet: only a name-like one is refused. */
const MIN_LOCAL_PART = 3;

/** What the new password may not be, beyond the contract's 12 characters: the same one, or the e-mail's name. */
function refuseWeak(email: string, body: ChangePasswordRequest): void {
  if (body.newPassword === body.currentPassword) {
    throw invalid('newPassword', 'Choose a password different from the current one.');
  }
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= MIN_LOCAL_PART && body.newPassword.toLowerCase().includes(local)) {
    throw invalid('newPassword', 'The password may not contain your e-mail address’s name.');
  }
}

export interface PasswordChanged {
  staff: Staff;
  /** The other sessions of this staff member, closed with the change: their sockets end next. */
  closedSessionIds: string[];
}

/**
 * `PUT /me/password` (decision 0111). The current password is checked like a sign-in's, under the same
 * throttles, and a wrong one counts as a failed sign-in of the (e-mail, address) pair: a stolen session cannot
 * be used to guess the password behind it. On success, in one transaction: the new hash, the must-change flag
 * cleared, every other session of the account closed (this one stays), and one `staff.password` audit row
 * that holds no password material. The new password is hashed before the transaction (argon2id is slow and
 * the audit lock is held until the commit).
 */
export async function changeOwnPassword(
  db: Db,
  staff: StaffContext,
  body: ChangePasswordRequest,
  ip: string,
): Promise<PasswordChanged> {
  await checkSignInThrottle(db, staff.email, ip, 'password');
  refuseWeak(staff.email, body);
  const [account] = await db
    .select({ passwordHash: staffAccounts.passwordHash, mustChange: staffAccounts.passwordMustChange })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staff.staffId))
    .limit(1);
  if (!account || !(await verifyPassword(account.passwordHash, body.currentPassword))) {
    await recordSignInFailure(db, {
      email: staff.email,
      ip,
      step: 'password',
      staffId: staff.staffId,
      why: 'wrong current password on a password change',
    });
    throw invalid('currentPassword', 'The current password is wrong.');
  }
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    // Only over the hash just checked: of two changes at once, the second finds it replaced.
    const [row] = await tx
      .update(staffAccounts)
      .set({ passwordHash, passwordMustChange: false })
      .where(and(eq(staffAccounts.id, staff.staffId), eq(staffAccounts.passwordHash, account.passwordHash)))
      .returning();
    if (!row) throw invalid('currentPassword', 'The password was changed meanwhile: sign in again.');
    const closed = await tx
      .update(staffSessions)
      .set({ closedAt: sql`now()`, closedReason: 'password_changed' })
      .where(
        and(
          eq(staffSessions.staffId, staff.staffId),
          isNull(staffSessions.closedAt),
          ne(staffSessions.id, staff.sessionId),
        ),
      )
      .returning({ id: staffSessions.id });
    await writeAudit(tx, {
      staffId: staff.staffId,
      action: 'staff.password',
      targetType: 'staff',
      targetId: staff.staffId,
      before: { mustChangePassword: account.mustChange },
      after: { password: 'changed', mustChangePassword: false, closedSessions: closed.length },
    });
    return { staff: staffView(row), closedSessionIds: closed.map((s) => s.id) };
  });
}
