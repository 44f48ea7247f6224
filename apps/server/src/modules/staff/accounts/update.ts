import { ApiError, ErrorCode, type UpdateStaffRequest } from '@croupier/contracts';
import { toMajor, toMinor } from '@croupier/contracts/reference/index';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { writeAudit } from '../audit/write.ts';
import type { StaffContext } from '../auth/sessions.ts';
import { closeSessionsOf } from '../auth/sessions.ts';
import { mayManageRole, type Role } from '../roles.ts';
import { staffAccounts } from '../schema.ts';
import { BASE_CURRENCY, capOf } from './views.ts';

type AccountRow = typeof staffAccounts.$inferSelect;

const invalid = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

/** The cap in minor units of the base currency; more decimals than EUR has are bad input, never rounded. */
function capInMinor(cap: number): bigint {
  try {
    return toMinor(cap, BASE_CURRENCY);
  } catch {
    throw invalid('adjustmentCap', 'At most 2 decimals.');
  }
}

/** What the audit row shows of an account before and after (no hashes, no secrets). */
const audited = (row: AccountRow) => ({
  role: row.role,
  disabled: row.disabled,
  adjustmentCap: toMajor(capOf(row), BASE_CURRENCY),
  ownCap: row.adjustmentCap !== null,
});

/**
 * `PUT /staff/{id}` (§3). Nobody changes their own role, cap or disabled flag (422 on that field): the cap is
 * what four-eyes rests on (§5), and an account that disables itself could lock the last owner out. An owner,
 * as the account's role before or after, needs `staff:owners`. Disabling ends every session of the account in
 * the same transaction as the change and its audit row, and their sockets once it commits (`endSockets`). A denial
 * is audited in a transaction of its own.
 */
export async function updateStaffAccount(
  db: Db,
  actor: StaffContext,
  id: string,
  body: UpdateStaffRequest,
  endSockets?: (sessionIds: string[]) => void,
) {
  const cap = body.adjustmentCap === undefined ? undefined : capInMinor(body.adjustmentCap);
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
    if (!before) throw ApiError.of(ErrorCode.notFound, 'No such staff account.');
    const role = (body.role ?? before.role) as Role;
    if (!mayManageRole(actor.role, before.role as Role) || !mayManageRole(actor.role, role)) {
      return { denied: true, row: before } as const;
    }
    if (before.id === actor.staffId) {
      if (role !== before.role) throw invalid('role', 'Nobody changes their own role.');
      if (body.disabled !== undefined && body.disabled !== before.disabled) {
        throw invalid('disabled', 'Nobody disables or enables their own account.');
      }
      if (cap !== undefined && cap !== capOf(before)) throw invalid('adjustmentCap', 'Nobody changes their own cap.');
    }
    const [after] = await tx
      .update(staffAccounts)
      .set({
        role,
        ...(body.disabled !== undefined ? { disabled: body.disabled } : {}),
        ...(cap !== undefined ? { adjustmentCap: cap } : {}),
      })
      .where(eq(staffAccounts.id, id))
      .returning();
    const closed = after!.disabled && !before.disabled ? await closeSessionsOf(tx, id, 'disabled') : [];
    await writeAudit(tx, {
      staffId: actor.staffId,
      action: 'staff.update',
      targetType: 'staff',
      targetId: id,
      reason: body.reason,
      before: audited(before),
      after: { ...audited(after!), closedSessions: closed.length },
    });
    return { denied: false, row: after!, closed } as const;
  });
  if (!outcome.denied) {
    // Only once committed: a rolled-back disable must not cut anyone off.
    if (outcome.closed.length > 0) endSockets?.(outcome.closed);
    return outcome.row;
  }
  await db.transaction((tx) =>
    writeAudit(tx, {
      staffId: actor.staffId,
      action: 'staff.update',
      targetType: 'staff',
      targetId: id,
      reason: body.reason,
      before: audited(outcome.row),
      after: { role: body.role, disabled: body.disabled, adjustmentCap: body.adjustmentCap },
      result: 'denied',
    }),
  );
  throw ApiError.of(ErrorCode.staffForbidden, 'Only an owner creates or changes an owner (staff:owners).');
}
