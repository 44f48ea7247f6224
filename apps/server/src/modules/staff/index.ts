/**
 * The staff module's face (issue 25, the back office). Its pure foundations so far: roles and permissions,
 * the second factor, the box that keeps its secrets at rest, and the audit log's hash chain. Nothing imports
 * it yet; the schema, routes and the back-office app come next (docs/decisions/0103).
 */
export {
  AUDIT_FIELDS,
  type AuditRow,
  auditHash,
  type ChainCheck,
  type ChainedAuditRow,
  canonicalJson,
  GENESIS_HASH,
  verifyChain,
} from './audit-chain.ts';
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
