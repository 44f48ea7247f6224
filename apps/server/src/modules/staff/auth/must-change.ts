import { ApiError, backofficeStaffEndpoints, type Endpoint, ErrorCode } from '@croupier/contracts';
import type { StaffContext } from './sessions.ts';

const keyOf = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

/**
 * What an account whose password someone else chose may still call (decision 0111): who it is, the change
 * itself, signing out, and the role table the app's menus read. Everything else waits for the change.
 */
const ALLOWED_BEFORE_THE_CHANGE = new Set(
  [
    backofficeStaffEndpoints.me,
    backofficeStaffEndpoints.changePassword,
    backofficeStaffEndpoints.signOut,
    backofficeStaffEndpoints.roles,
  ].map(keyOf),
);

/** 403 with 20003 while the password must change, unless the endpoint is one of the few above. */
export function refuseUntilPasswordChanged(staff: StaffContext, endpoint: Endpoint): void {
  if (!staff.mustChangePassword || ALLOWED_BEFORE_THE_CHANGE.has(keyOf(endpoint))) return;
  throw ApiError.of(ErrorCode.staffForbidden, 'Change your password first.');
}
