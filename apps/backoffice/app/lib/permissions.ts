import type { Permission } from '@croupier/contracts/backoffice/roles';

/**
 * What the app shows by the staff member's permissions (`me.permissions`). It only hides what a role cannot
 * do: the server checks every call anyway (backoffice-api.md §3).
 */

/** The dashboard tiles a nav entry may show as its count. */
export type NavCountTile = 'withdrawalsWaiting' | 'flagsOpen';

export interface NavItem {
  to: string;
  label: string;
  /** Null: every signed-in staff member. */
  permission: Permission | null;
  /** A live count shown beside the label (a dashboard tile, decision 0115). */
  count?: NavCountTile;
}

export const NAV: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', permission: null },
  { to: '/players', label: 'Players', permission: 'players:read' },
  { to: '/withdrawals', label: 'Withdrawals', permission: 'withdrawals:review', count: 'withdrawalsWaiting' },
  { to: '/kyc', label: 'KYC', permission: 'kyc:review' },
  { to: '/flags', label: 'Flags (RG / AML)', permission: 'flags:review', count: 'flagsOpen' },
  { to: '/interactions', label: 'Interactions', permission: 'flags:review' },
  { to: '/adjustments', label: 'Adjustments', permission: 'adjustments:create' },
  { to: '/reports', label: 'Reports', permission: 'reports:read' },
  // What marketing runs (§9): the catalogue, the offers, retention and the words on the site.
  { to: '/games', label: 'Games', permission: 'catalogue:write' },
  { to: '/bonuses', label: 'Bonuses', permission: 'bonuses:write' },
  { to: '/retention', label: 'Retention', permission: 'retention:write' },
  { to: '/content', label: 'Content', permission: 'content:write' },
  { to: '/audit', label: 'Audit log', permission: 'audit:read' },
  { to: '/settings', label: 'Settings', permission: 'settings:read' },
  { to: '/site-settings', label: 'Site settings', permission: 'settings:read' },
  { to: '/staff', label: 'Staff', permission: 'staff:manage' },
];

export const allows = (permissions: readonly string[] | undefined, permission: Permission | null): boolean =>
  permission === null || (permissions ?? []).includes(permission);

export const navFor = (permissions: readonly string[] | undefined): NavItem[] =>
  NAV.filter((item) => allows(permissions, item.permission));
