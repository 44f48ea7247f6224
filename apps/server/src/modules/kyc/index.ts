// The KYC module as the app sees it: document uploads and identity verification behind its routes, and the
// review the staff module drives (decision 0113): decisions run in the caller's transaction, beside its audit row.

export type { ApplicantRow } from './applicant.ts';
export { awaitingConfirmation } from './applicant.ts';
export { documentFile, documentForReview, listDocumentsForReview, type QueuedDocument } from './queue.ts';
export {
  type DecidedDocument,
  type DocumentDecision,
  type DocumentRow,
  decideDocument,
  documentStatusName,
  IDENTITY_DOCUMENT_TYPES,
} from './review.ts';
export { type KycRoutesOptions, kycRoutes } from './routes.ts';
export { KYC_THRESHOLD_EUR, kycSetting, readKycSettings, sumsubConfigured } from './settings.ts';
export { kycForStaff } from './staff-view.ts';
export { kycStatusesOf } from './statuses.ts';
export { kycRequiredMessage, kycWithdrawalCheck, reachedKycThreshold } from './threshold.ts';
export { type DecidedVerification, decideVerification, listVerifications } from './verification-review.ts';
export { kycThresholdFlag } from './withdrawal-flag.ts';
