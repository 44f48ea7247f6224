/**
 * The staff module's face (issue 25, the back office): staff accounts and their sign-in, roles and permissions,
 * the audit log and its hash chain, notes on players and adjustments with four-eyes (docs/decisions/0103).
 */
export { createStaffAccount, type MadeBy, type NewStaffAccount } from './accounts/create.ts';
export { DEMO_STAFF, refuseDemoStaff, seedDemoStaff } from './accounts/demo.ts';
export { disableDemoStaff, resetStaffAccount } from './accounts/recovery.ts';
export {
  AUDIT_FIELDS,
  type AuditRow,
  auditHash,
  type ChainCheck,
  type ChainedAuditRow,
  canonicalJson,
  GENESIS_HASH,
  verifyChain,
} from './audit/chain.ts';
export { type AuditInput, writeAudit } from './audit/write.ts';
export { registerStaffAuthentication, type StaffAuthOptions, staffOf } from './auth/hook.ts';
export { authenticateStaff, type StaffContext } from './auth/sessions.ts';
export {
  announceDashboardChange,
  dashboardChangedEvent,
  dashboardOnDeposit,
  dashboardOnWithdrawalQueue,
} from './dashboard/announce.ts';
export { staffRealtimeAccess } from './dashboard/realtime-access.ts';
export type { StaffDeps } from './deps.ts';
export { createStaffModule, type StaffModule } from './module.ts';
export {
  can,
  DEFAULT_ADJUSTMENT_CAP,
  isRole,
  mayManageRole,
  OWNER_ONLY,
  PERMISSIONS,
  type Permission,
  permissionsOf,
  ROLE_PERMISSIONS,
  ROLES,
  type Role,
} from './roles.ts';
export { deriveBoxKey, openSecret, SecretBoxError, sealSecret } from './secret-box.ts';
export { codeAt, newTotpSecret, otpauthUrl, timeStepAt, verifyCode } from './totp.ts';
