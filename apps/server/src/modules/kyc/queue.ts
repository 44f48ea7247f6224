import type { KycDocumentsQuery, KycVerificationStatus } from '@croupier/contracts';
import { DocumentStatus } from '@croupier/contracts/reference/index';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../storage/port.ts';
import type { DocumentRow } from './review.ts';
import { applicants, documents } from './schema.ts';

export interface QueuedDocument {
  row: DocumentRow;
  verificationStatus: KycVerificationStatus;
}

/**
 * The documents queue (backoffice-api.md §6): by status and player; pending ones oldest first (first come,
 * first reviewed), decided ones newest first. Each with the player's verification status.
 */
export async function listDocumentsForReview(
  db: Db,
  query: KycDocumentsQuery,
): Promise<{ rows: QueuedDocument[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(documents.status, DocumentStatus[query.status]));
  if (query.playerId) conditions.push(eq(documents.playerId, query.playerId.toLowerCase()));
  const where = conditions.length ? and(...conditions) : undefined;
  const order =
    query.status === 'pending'
      ? [asc(documents.createdAt), asc(documents.id)]
      : [desc(documents.createdAt), desc(documents.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(documents).where(where),
  ]);
  const playerIds = [...new Set(rows.map((r) => r.playerId))];
  const statuses = playerIds.length
    ? await db
        .select({ playerId: applicants.playerId, status: applicants.status })
        .from(applicants)
        .where(inArray(applicants.playerId, playerIds))
    : [];
  const statusOf = new Map(statuses.map((s) => [s.playerId, s.status as KycVerificationStatus]));
  return {
    rows: rows.map((row) => ({ row, verificationStatus: statusOf.get(row.playerId) ?? 'init' })),
    total: total?.n ?? 0,
  };
}

/** One document with the player's verification status; null when there is none. */
export async function documentForReview(db: Db, id: string): Promise<QueuedDocument | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  if (!row) return null;
  const [applicant] = await db
    .select({ status: applicants.status })
    .from(applicants)
    .where(eq(applicants.playerId, row.playerId));
  return { row, verificationStatus: (applicant?.status ?? 'init') as KycVerificationStatus };
}

/**
 * A document's bytes through the storage port (never a public link), with what the answer's headers need.
 * Null when the document or its file is gone.
 */
export async function documentFile(
  db: Db,
  storage: FileStorage,
  id: string,
): Promise<{ row: DocumentRow; bytes: Uint8Array } | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  if (!row) return null;
  const bytes = await storage.get(row.storageKey);
  return bytes ? { row, bytes } : null;
}
