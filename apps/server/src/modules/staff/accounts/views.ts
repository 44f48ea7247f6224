import type { Staff, StaffRow } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import { DEFAULT_ADJUSTMENT_CAP, isRole, permissionsOf, type Role } from '../roles.ts';
import type { staffAccounts } from '../schema.ts';

/** Adjustment caps are kept in minor units of the base currency (§5). */
export const BASE_CURRENCY = 'EUR';

type AccountRow = typeof staffAccounts.$inferSelect;

/** The role of a stored account; a row with an unknown role (a downgrade) is treated as having no rights. */
const roleOf = (row: Pick<AccountRow, 'role'>): Role => {
  if (!isRole(row.role)) throw new Error(`staff account with unknown role ${row.role}`);
  return row.role;
};

/** `Staff` of §2: what `/me` and the sign-in answer. */
export function staffView(
  row: Pick<AccountRow, 'id' | 'email' | 'name' | 'role' | 'disabled' | 'passwordMustChange'>,
): Staff {
  const role = roleOf(row);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role,
    permissions: [...permissionsOf(role)],
    disabled: row.disabled,
    mustChangePassword: row.passwordMustChange,
  };
}

/** The cap that applies: the account's own, or its role's default (minor units of EUR). */
export const capOf = (row: Pick<AccountRow, 'role' | 'adjustmentCap'>): bigint =>
  row.adjustmentCap ?? DEFAULT_ADJUSTMENT_CAP[roleOf(row)];

/** `StaffRow` of the staff list (§3): the cap in major units, whether the second factor is enrolled. */
export function staffRowView(row: AccountRow): StaffRow {
  return {
    ...staffView(row),
    adjustmentCap: toMajor(capOf(row), BASE_CURRENCY),
    enrolled: row.totpSecret !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
