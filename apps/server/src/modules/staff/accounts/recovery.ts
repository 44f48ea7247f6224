import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { hashPassword } from '../../player/index.ts';
import { writeAudit } from '../audit/write.ts';
import { closeSessionsOf } from '../auth/sessions.ts';
import { staffAccounts } from '../schema.ts';

/** The command line's own changes (`npm run staff`), audited as system actions: no staff member, this reason. */
const COMMAND_LINE = 'command line';

/**
 * A lost phone, a lost password or a lost STAFF_SECRET_KEY: the account gets a new password (the caller's,
 * printed once) that it must change at its next sign-in (decision 0111), loses its second factor (the next
 * sign-in enrols again) and every open session. Answers false when no account has the e-mail.
 */
export async function resetStaffAccount(db: Db, email: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [account] = await tx
      .update(staffAccounts)
      .set({ passwordHash, passwordMustChange: true, totpSecret: null, totpLastStep: null })
      .where(eq(staffAccounts.email, email))
      .returning({ id: staffAccounts.id });
    if (!account) return false;
    const closedSessions = (await closeSessionsOf(tx, account.id, 'reset')).length;
    await writeAudit(tx, {
      staffId: null,
      action: 'staff.reset',
      targetType: 'staff',
      targetId: account.id,
      reason: COMMAND_LINE,
      after: { password: 'replaced', mustChangePassword: true, secondFactor: 'removed', closedSessions },
    });
    return true;
  });
}

/** Disables every enabled demo account and ends its sessions (what the production guard asks). Answers their e-mails. */
export async function disableDemoStaff(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const disabled = await tx
      .update(staffAccounts)
      .set({ disabled: true })
      .where(and(eq(staffAccounts.demo, true), eq(staffAccounts.disabled, false)))
      .returning({ id: staffAccounts.id, email: staffAccounts.email });
    for (const account of disabled) {
      const closedSessions = (await closeSessionsOf(tx, account.id, 'disabled')).length;
      await writeAudit(tx, {
        staffId: null,
        action: 'staff.update',
        targetType: 'staff',
        targetId: account.id,
        reason: COMMAND_LINE,
        before: { disabled: false },
        after: { disabled: true, closedSessions },
      });
    }
    return disabled.map((a) => a.email);
  });
}
