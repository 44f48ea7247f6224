import type { Role } from '@croupier/contracts/backoffice/roles';

// The role table itself lives in contracts (backoffice/roles.ts): the endpoint table names each endpoint's
// permission, and the back-office app reads the same names. Only the server's money figures stay here.
export {
  can,
  isRole,
  mayManageRole,
  OWNER_ONLY,
  PERMISSIONS,
  type Permission,
  permissionsOf,
  ROLE_PERMISSIONS,
  ROLES,
  type Role,
} from '@croupier/contracts/backoffice/roles';

/**
 * Default adjustment caps (§5), in minor units of the base currency (EUR cents): an adjustment whose absolute
 * amount, converted, is within the maker's cap applies at once; above it, it waits for a second person.
 * A role without `adjustments:create` has 0. Each account may carry its own cap (`PUT /staff/{id}`).
 */
export const DEFAULT_ADJUSTMENT_CAP: Readonly<Record<Role, bigint>> = {
  owner: 100_000n,
  admin: 100_000n,
  support: 0n,
  payments: 10_000n,
  compliance: 0n,
  marketing: 0n,
  finance: 0n,
};
