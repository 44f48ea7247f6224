import type { KycVerificationStatus } from '@croupier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicants } from './schema.ts';

export type ApplicantRow = typeof applicants.$inferSelect;

/** A verification held for a person: the provider decided, and the player still sees pending (decision 0113). */
export const awaitingConfirmation = (row: Pick<ApplicantRow, 'status' | 'providerResult'>): boolean =>
  row.status === 'pending' && row.providerResult !== null;

/** The verification status as the player API answers it ('init' when none began). */
export async function verificationStatusOf(db: Db, playerId: string): Promise<KycVerificationStatus> {
  const [row] = await db
    .select({ status: applicants.status })
    .from(applicants)
    .where(eq(applicants.playerId, playerId));
  return (row?.status ?? 'init') as KycVerificationStatus;
}

/**
 * The player's applicant row, locked for the caller's transaction; created ('init', decided by staff) when the
 * player never began a verification, so two people deciding at once queue on the same row.
 */
export async function lockApplicant(tx: Db, playerId: string): Promise<ApplicantRow> {
  await tx.insert(applicants).values({ playerId, provider: 'staff', status: 'init' }).onConflictDoNothing();
  const [row] = await tx.select().from(applicants).where(eq(applicants.playerId, playerId)).for('update');
  return row!;
}

/**
 * A person's decision on the verification: the status the player sees, with the reason. A provider's result
 * held for confirmation stays recorded (so the same result polled again is not held a second time), and a
 * sandbox decision still due is cancelled.
 */
export async function setVerificationByStaff(
  tx: Db,
  playerId: string,
  next: { status: 'approved' | 'rejected'; rejectReason: string | null; staffId: string },
): Promise<ApplicantRow> {
  const [row] = await tx
    .update(applicants)
    .set({
      status: next.status,
      rejectReason: next.rejectReason,
      reviewedBy: next.staffId,
      reviewedAt: sql`now()`,
      updatedAt: sql`now()`,
      decideAt: null,
    })
    .where(eq(applicants.playerId, playerId))
    .returning();
  return row!;
}
