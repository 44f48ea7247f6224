import { ApiError, ErrorCode, type KycVerificationsQuery } from '@croupier/contracts';
import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ApplicantRow, lockApplicant, setVerificationByStaff } from './applicant.ts';
import { notifyVerificationDecided } from './messages.ts';
import { applicants } from './schema.ts';

/** Verifications by status; `review`: a provider's decision held for a person. Newest change first. */
export async function listVerifications(
  db: Db,
  query: KycVerificationsQuery,
): Promise<{ rows: ApplicantRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status === 'review') {
    conditions.push(eq(applicants.status, 'pending'), isNotNull(applicants.providerResult));
  } else {
    conditions.push(eq(applicants.status, query.status));
  }
  if (query.playerId) conditions.push(eq(applicants.playerId, query.playerId.toLowerCase()));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(applicants)
      .where(where)
      .orderBy(desc(applicants.updatedAt), desc(applicants.playerId))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(applicants).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface DecidedVerification {
  before: ApplicantRow;
  after: ApplicantRow;
}

/**
 * A person sets the player's verification approved or rejected (confirming or overruling a provider's held
 * result, or deciding from the documents), in the caller's transaction with its audit row. The applicant row is
 * locked: of two people deciding at once the second finds it decided (20005). The player gets a message.
 */
export async function decideVerification(
  tx: Db,
  playerId: string,
  staffId: string,
  next: { status: 'approved' | 'rejected'; reason: string | null },
): Promise<DecidedVerification> {
  const before = await lockApplicant(tx, playerId);
  if (before.status === next.status) {
    throw ApiError.of(ErrorCode.alreadyDecided, `This verification is already ${next.status}.`);
  }
  const rejectReason = next.status === 'rejected' ? next.reason : null;
  const after = await setVerificationByStaff(tx, playerId, { status: next.status, rejectReason, staffId });
  await notifyVerificationDecided(tx, playerId, next.status, rejectReason, `staff:${after.updatedAt.toISOString()}`);
  return { before, after };
}
