import type { Db } from '../../db/client.ts';
import { notify } from '../notification/index.ts';
import type { documents } from './schema.ts';

type DocumentRow = typeof documents.$inferSelect;

/**
 * The player's messenger messages for KYC decisions (decision 0113), in the decision's transaction. The source
 * key names the decision, so the same decision never makes a second message.
 */
export async function notifyDocumentDecided(tx: Db, row: DocumentRow): Promise<void> {
  const template = row.requestedType
    ? 'kycDocumentRequested'
    : row.status === 1
      ? 'kycDocumentApproved'
      : 'kycDocumentRejected';
  await notify(tx, {
    playerId: row.playerId,
    template,
    params: { fileName: row.fileName, reason: row.rejectReason ?? '' },
    link: { url: '/profile/documents', label: 'documents' },
    sourceKey: `kyc.document.decided:${row.id}`,
  });
}

/** The verification reached approved or rejected (a person's decision or the provider's). */
export async function notifyVerificationDecided(
  tx: Db,
  playerId: string,
  status: 'approved' | 'rejected',
  rejectReason: string | null,
  /** What makes this decision unique (the moment it was taken): a later, different decision gets its own message. */
  decisionKey: string,
): Promise<void> {
  await notify(tx, {
    playerId,
    template: status === 'approved' ? 'kycVerificationApproved' : 'kycVerificationRejected',
    params: { reason: rejectReason ?? '' },
    link: { url: '/profile/verification', label: 'verification' },
    sourceKey: `kyc.verification.${status}:${decisionKey}`,
  });
}
