import { ApiError, ErrorCode } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { hashPassword } from '../../player/index.ts';
import { writeAudit } from '../audit/write.ts';
import type { Role } from '../roles.ts';
import { staffAccounts } from '../schema.ts';

export interface NewStaffAccount {
  /** Lower-case (the contract's schema and the command line both lower it). */
  email: string;
  name: string;
  role: Role;
  password: string;
  /** Made by the demo seed (decision 0037's guard refuses it in production). */
  demo?: boolean;
  /**
   * The password was chosen by someone else (the command line, a colleague): the account may do nothing but
   * change it once signed in (decision 0111). Not for the demo's, whose passwords are public anyway.
   */
  mustChangePassword?: boolean;
}

/** Who made it: a staff member, or the system (the command line, the demo seed) with `staffId` null. */
export interface MadeBy {
  staffId: string | null;
  reason: string;
}

export const emailTaken = () =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', {
    email: ['A staff account with this e-mail already exists.'],
  });

/**
 * Creates a staff account without a second factor (it enrols at its first sign-in, §2), audited as
 * `staff.create` in the same transaction. The password is hashed first: argon2id takes tens of milliseconds,
 * and the audit lock is held until the transaction ends. An e-mail in use is 422 `fields.email`.
 */
export async function createStaffAccount(db: Db, account: NewStaffAccount, by: MadeBy) {
  const passwordHash = await hashPassword(account.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        email: account.email,
        name: account.name,
        role: account.role,
        passwordHash,
        demo: account.demo ?? false,
        passwordMustChange: account.mustChangePassword ?? false,
      })
      .onConflictDoNothing({ target: staffAccounts.email })
      .returning();
    if (!row) throw emailTaken();
    await writeAudit(tx, {
      staffId: by.staffId,
      action: 'staff.create',
      targetType: 'staff',
      targetId: row.id,
      reason: by.reason,
      after: {
        email: row.email,
        name: row.name,
        role: row.role,
        demo: row.demo,
        mustChangePassword: row.passwordMustChange,
      },
    });
    return row;
  });
}
