import type { PlayerDocument } from '@croupier/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toDocument } from './documents.ts';
import { applicants, documents } from './schema.ts';

/**
 * A player's KYC as the back office reads it (the player 360, decision 0107): the identity verification's
 * stored state ('init' when none began: as the player API answers it) and the documents the player sees in
 * GET /api/player/documents. A pure read: a due sandbox decision is taken by the player's own next read.
 */
export async function kycForStaff(db: Db, playerId: string): Promise<{ status: string; documents: PlayerDocument[] }> {
  const [applicant, rows] = await Promise.all([
    db.select({ status: applicants.status }).from(applicants).where(eq(applicants.playerId, playerId)),
    db
      .select()
      .from(documents)
      .where(eq(documents.playerId, playerId))
      .orderBy(desc(documents.createdAt), desc(documents.id)),
  ]);
  return { status: applicant[0]?.status ?? 'init', documents: rows.map(toDocument) };
}
