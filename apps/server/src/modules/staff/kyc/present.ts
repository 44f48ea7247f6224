import { type KycDocument, type KycVerification, kycDocumentFilePath } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { type ApplicantRow, awaitingConfirmation, documentStatusName, type QueuedDocument } from '../../kyc/index.ts';
import { playerForStaff } from '../../player/index.ts';

/** Player id → e-mail for one page of the queue (at most 100 players, read through the player module's face). */
export async function emailsOf(db: Db, playerIds: readonly string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(playerIds)];
  const found = await Promise.all(unique.map((id) => playerForStaff(db, id)));
  return new Map(unique.map((id, i) => [id, found[i]?.profile.email ?? null]));
}

export function toKycDocument({ row, verificationStatus }: QueuedDocument, email: string | null): KycDocument {
  return {
    id: row.id,
    player: { id: row.playerId, email },
    type: row.type,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    fileUrl: kycDocumentFilePath(row.id),
    status: documentStatusName(row.status),
    uploadedAt: row.createdAt.toISOString(),
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    requestedType: (row.requestedType as KycDocument['requestedType']) ?? null,
    verificationStatus,
  };
}

export function toKycVerification(row: ApplicantRow, email: string | null): KycVerification {
  return {
    player: { id: row.playerId, email },
    provider: row.provider,
    status: row.status as KycVerification['status'],
    rejectReason: row.rejectReason,
    awaitingConfirmation: awaitingConfirmation(row),
    providerResult:
      row.providerResult === 'approved' || row.providerResult === 'rejected'
        ? {
            status: row.providerResult,
            rejectReason: row.providerRejectReason,
            decidedAt: (row.providerDecidedAt ?? row.updatedAt).toISOString(),
          }
        : null,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
