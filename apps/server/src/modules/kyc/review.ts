import { ApiError, ErrorCode, type KycVerificationStatus } from '@croupier/contracts';
import { DocumentStatus } from '@croupier/contracts/reference/index';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockApplicant, setVerificationByStaff, verificationStatusOf } from './applicant.ts';
import { notifyDocumentDecided, notifyVerificationDecided } from './messages.ts';
import { documents } from './schema.ts';

export type DocumentRow = typeof documents.$inferSelect;

/** The documents whose approval verifies the player's identity (decision 0113); address and payment proofs do not. */
export const IDENTITY_DOCUMENT_TYPES: readonly string[] = ['identity_front', 'identity_back', 'identity_selfie_id'];

export const documentStatusName = (status: number) =>
  status === DocumentStatus.pending ? 'pending' : status === DocumentStatus.rejected ? 'rejected' : 'approved';

export type DocumentDecision =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'request-another'; reason: string; type: string };

export interface DecidedDocument {
  before: DocumentRow;
  after: DocumentRow;
  verification: { before: KycVerificationStatus; after: KycVerificationStatus };
}

/**
 * A person's decision on a pending document, in the caller's transaction (with its audit row). The row is locked
 * first: of two people deciding at once, the second waits here and then finds it decided (20005). Approving an
 * identity document approves the player's verification with it; a rejection leaves the verification as it is
 * (the player may have other documents, and the reason shows on this one). The player gets a message.
 */
export async function decideDocument(
  tx: Db,
  id: string,
  staffId: string,
  decision: DocumentDecision,
): Promise<DecidedDocument> {
  const [before] = await tx.select().from(documents).where(eq(documents.id, id)).for('update');
  if (!before) throw ApiError.of(ErrorCode.notFound, 'Document not found.');
  if (before.status !== DocumentStatus.pending) {
    throw ApiError.of(
      ErrorCode.alreadyDecided,
      `This document was already decided (${documentStatusName(before.status)}).`,
    );
  }
  const approve = decision.kind === 'approve';
  const [after] = await tx
    .update(documents)
    .set({
      status: approve ? DocumentStatus.approved : DocumentStatus.rejected,
      rejectReason: approve ? null : decision.reason,
      requestedType: decision.kind === 'request-another' ? decision.type : null,
      reviewedBy: staffId,
      reviewedAt: sql`now()`,
    })
    .where(eq(documents.id, id))
    .returning();

  const verifies = approve && IDENTITY_DOCUMENT_TYPES.includes(before.type);
  const verificationBefore = verifies
    ? ((await lockApplicant(tx, before.playerId)).status as KycVerificationStatus)
    : await verificationStatusOf(tx, before.playerId);
  let verificationAfter = verificationBefore;
  if (verifies && verificationBefore !== 'approved') {
    const decided = await setVerificationByStaff(tx, before.playerId, {
      status: 'approved',
      rejectReason: null,
      staffId,
    });
    verificationAfter = 'approved';
    await notifyVerificationDecided(
      tx,
      before.playerId,
      'approved',
      null,
      `document:${id}:${decided.updatedAt.toISOString()}`,
    );
  }
  await notifyDocumentDecided(tx, after!);
  return { before, after: after!, verification: { before: verificationBefore, after: verificationAfter } };
}
