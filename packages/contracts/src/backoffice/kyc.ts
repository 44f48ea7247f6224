import { z } from 'zod';
import { DocumentType } from '../player.ts';
import { Reason } from './staff.ts';

/**
 * The KYC review queue (backoffice-api.md §6, decision 0113): the documents players upload, each decided by a
 * person (approve, reject with a reason, or ask for another document), and the identity verification a provider
 * decided, confirmed by a person when the operator's setting says so.
 */

/** A document's review state. Asking for another document rejects this one (the player sees the reason). */
export const KycDocumentStatus = z.enum(['pending', 'approved', 'rejected']);
export type KycDocumentStatus = z.infer<typeof KycDocumentStatus>;

/** The player's identity verification as the player API answers it (`GET /api/player/services/sumsub/status`). */
export const KycVerificationStatus = z.enum(['init', 'pending', 'approved', 'rejected']);
export type KycVerificationStatus = z.infer<typeof KycVerificationStatus>;

export const KycPlayer = z.object({ id: z.string(), email: z.string().nullable() });

/** The path of a document's bytes: `GET` it with the staff credential (the cookie in the back office). */
export const kycDocumentFilePath = (id: string) => `/api/backoffice/kyc/documents/${encodeURIComponent(id)}/file`;

export const KycDocument = z.object({
  id: z.string(),
  player: KycPlayer,
  /** DocumentType: identity_front, identity_back, identity_selfie_id, address, payment, payment_back, other. */
  type: z.string(),
  fileName: z.string(),
  /** Detected from the content at upload: image/jpeg, image/png or application/pdf. */
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** `kycDocumentFilePath(id)`: the bytes through the storage port, never a public link. */
  fileUrl: z.string(),
  status: KycDocumentStatus,
  uploadedAt: z.string(),
  /** The staff member who decided it (null: pending, or decided by the verification provider). */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Why it was rejected, as the player reads it in `GET /api/player/documents`. */
  rejectReason: z.string().nullable(),
  /** Set when staff asked for another document instead of this one: the type asked for. */
  requestedType: DocumentType.nullable(),
  /** The player's identity verification now. */
  verificationStatus: KycVerificationStatus,
});
export type KycDocument = z.infer<typeof KycDocument>;

const page = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
};

/** Pending documents come oldest first (a queue); decided ones newest first. */
export const KycDocumentsQuery = z.object({
  status: KycDocumentStatus.optional(),
  playerId: z.uuid().optional(),
  ...page,
});
export type KycDocumentsQuery = z.infer<typeof KycDocumentsQuery>;

export const kycDocumentIdParams = z.object({ id: z.uuid() });

/** Asks the player for another document in place of this one (this one ends rejected with the reason). */
export const RequestAnotherDocumentRequest = z.object({
  type: DocumentType,
  reason: Reason,
});
export type RequestAnotherDocumentRequest = z.infer<typeof RequestAnotherDocumentRequest>;

/** A verification provider's decision, kept apart from the status the player sees until a person confirms it. */
export const KycProviderResult = z.object({
  status: z.enum(['approved', 'rejected']),
  rejectReason: z.string().nullable(),
  decidedAt: z.string(),
});

/**
 * One player's identity verification. `awaitingConfirmation`: the provider decided (`providerResult`) and the
 * setting `confirmProviderResults` holds it for a person; the player still sees `pending`.
 */
export const KycVerification = z.object({
  player: KycPlayer,
  /** 'sandbox', 'sumsub' or 'staff' (decided from the documents by a person). */
  provider: z.string(),
  status: KycVerificationStatus,
  rejectReason: z.string().nullable(),
  awaitingConfirmation: z.boolean(),
  providerResult: KycProviderResult.nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type KycVerification = z.infer<typeof KycVerification>;

/** `review`: a provider's decision waits for a person (the queue's default). */
export const KycVerificationsQuery = z.object({
  status: z.enum(['review', ...KycVerificationStatus.options]).default('review'),
  playerId: z.uuid().optional(),
  ...page,
});
export type KycVerificationsQuery = z.infer<typeof KycVerificationsQuery>;

export const kycPlayerIdParams = z.object({ playerId: z.uuid() });

/** The document's bytes (the endpoint streams them with their stored content type; no JSON). */
export const KycDocumentFile = z.instanceof(Uint8Array);
