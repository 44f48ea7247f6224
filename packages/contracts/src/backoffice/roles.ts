/**
 * The back office's roles and what each may do (backoffice-api.md §3), as one table the server checks on every
 * call. The web app hides what a role cannot do, but never decides: only `can` does.
 */

/** Every permission the back office checks, `area:verb`, named after the spec's sections (§3–§9). */
export const PERMISSIONS = [
  'players:read', // §4: find players, the 360 view, transactions, sessions, notes (reading personal data is audited)
  'players:notes', // §4: add a note
  'players:sessions', // §4: close a player's sessions
  'players:block', // §4: set or lift login, deposit, bet and withdrawal blocks
  'players:limits', // §4: add or lower a player's limit (never raise or remove: 20006)
  'players:exclusion', // §3 compliance: self-exclusion handling
  'adjustments:create', // §5: make an adjustment, applied at once within the maker's cap
  'adjustments:approve', // §5: approve or reject someone else's pending adjustment (four-eyes)
  'withdrawals:review', // §6: the withdrawals queue, approve and reject
  'kyc:review', // §6: the KYC documents queue, approve and reject
  'flags:review', // §3 compliance: responsible-gaming and AML flags
  'rounds:read', // §8: one round with its provably-fair data (a player's dispute)
  'reports:read', // §8: daily and game reports, and their CSV exports
  'reports:reconcile', // §8: recompute the rollups from the ledger now (findings only; nothing is changed)
  'audit:read', // §7: the audit log and its chain verification
  'catalogue:write', // §9: the game catalogue (enable, disable, edit)
  'bonuses:write', // §9: bonus definitions and codes, free spins, deposit offers, welcome package, cashback
  'bonuses:issue', // §9: issue a bonus or free spins to named players (player money: never marketing, §3)
  'retention:write', // §9: quests, tournaments, the wheel and loyalty levels
  'content:write', // §9: pages, texts, alerts and error wording per locale
  'settings:read', // §6, §9: read the operating settings (withdrawal thresholds, turn-over)
  'settings:write', // §6, §9: change them
  'staff:manage', // §3: list, create and change staff accounts
  'staff:owners', // §3: create an owner, or change one; the one right an admin lacks
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'admin', 'support', 'payments', 'compliance', 'marketing', 'finance'] as const;

export type Role = (typeof ROLES)[number];

/** What only an owner may do: "admin: everything but creating or changing owners" (§3), as data. */
export const OWNER_ONLY: readonly Permission[] = ['staff:owners'];

// The spec builds roles on each other ("support's reads", "support's rights"); the names keep that visible.
const SUPPORT_READS: readonly Permission[] = ['players:read', 'rounds:read'];
const SUPPORT_RIGHTS: readonly Permission[] = [
  ...SUPPORT_READS,
  'players:notes',
  'players:sessions',
  'players:block',
  'players:limits',
];

/** §3's matrix: role → permissions. The one place a role's rights are written down. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p)),
  support: SUPPORT_RIGHTS,
  payments: [...SUPPORT_READS, 'withdrawals:review', 'adjustments:create', 'settings:read'],
  compliance: [...SUPPORT_RIGHTS, 'kyc:review', 'flags:review', 'players:exclusion'],
  marketing: ['catalogue:write', 'bonuses:write', 'retention:write', 'content:write'],
  finance: ['reports:read', 'rounds:read'],
};

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/** The role's permissions, in the table's order (what `Staff.permissions` and `GET /roles` answer). */
export const permissionsOf = (role: Role): readonly Permission[] => ROLE_PERMISSIONS[role] ?? [];

export const can = (role: Role, permission: Permission): boolean => permissionsOf(role).includes(permission);

/**
 * Whether `actor` may create an account with role `role`, or change an account that has or gets it. Staff
 * management needs `staff:manage`; an owner on either side also needs `staff:owners`. The caller asks once
 * for the account's current role and once for the new one. (Nobody changes their own role: the route's rule.)
 */
export const mayManageRole = (actor: Role, role: Role): boolean =>
  can(actor, 'staff:manage') && (role !== 'owner' || can(actor, 'staff:owners'));
