import { createHash, randomUUID } from 'node:crypto';
import { ApiError, DocumentType, ErrorCode, type PlayerDocument } from '@croupier/contracts';
import { DocumentStatus } from '@croupier/contracts/reference/index';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../storage/port.ts';
import { detectKind, sanitizeFileName } from './files.ts';
import { documents } from './schema.ts';

/** More than this many documents per player is refused (they can delete pending or rejected ones). */
export const MAX_DOCUMENTS_PER_PLAYER = 50;

/** An upload as read from the request, before any validation. */
export interface UploadInput {
  type: string | undefined;
  file: { bytes: Buffer; fileName: string | undefined } | null;
}

type Row = typeof documents.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A document as the player API answers it (GET /api/player/documents); the back office shows the same. */
export const toDocument = (row: Row): PlayerDocument => ({
  id: row.id,
  fileName: row.fileName,
  status: row.status,
  type: row.type,
  createdAt: row.createdAt.toISOString(),
  rejectReason: row.rejectReason,
});

const invalid = (fields: Record<string, string[]>) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', fields);

export function createDocuments({ db, storage, log }: { db: Db; storage: FileStorage; log: FastifyBaseLogger }) {
  async function list(playerId: string): Promise<PlayerDocument[]> {
    const rows = await db
      .select()
      .from(documents)
      .where(eq(documents.playerId, playerId))
      .orderBy(desc(documents.createdAt), desc(documents.id));
    return rows.map(toDocument);
  }

  /**
   * Validates everything first (type, presence, content by magic bytes, the per-player cap), then stores
   * the file under a random key and records it; a failed insert removes the stored file again.
   */
  async function upload(playerId: string, input: UploadInput): Promise<PlayerDocument> {
    const fields: Record<string, string[]> = {};
    const type = DocumentType.safeParse(input.type);
    if (!type.success) {
      fields.type = [
        input.type
          ? `Unknown document type. Expected one of: ${DocumentType.options.join(', ')}.`
          : 'Choose a document type.',
      ];
    }
    const kind = input.file && input.file.bytes.length > 0 ? detectKind(input.file.bytes) : null;
    if (!input.file || input.file.bytes.length === 0) fields.file = ['Choose a file to upload.'];
    else if (!kind) fields.file = ['The file must be a JPEG or PNG image or a PDF document.'];
    if (Object.keys(fields).length > 0 || !input.file || !kind || !type.success) throw invalid(fields);

    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(documents)
      .where(eq(documents.playerId, playerId));
    if (total >= MAX_DOCUMENTS_PER_PLAYER) {
      throw invalid({
        file: [`You can keep at most ${MAX_DOCUMENTS_PER_PLAYER} documents. Delete one you no longer need first.`],
      });
    }

    const { bytes } = input.file;
    const storageKey = `documents/${randomUUID()}.${kind.extension}`;
    await storage.put(storageKey, bytes, kind.contentType);
    try {
      const [row] = await db
        .insert(documents)
        .values({
          playerId,
          type: type.data,
          fileName: sanitizeFileName(input.file.fileName, kind.extension),
          storageKey,
          contentType: kind.contentType,
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          status: DocumentStatus.pending,
        })
        .returning();
      return toDocument(row!);
    } catch (error) {
      await storage.delete(storageKey).catch((err) => log.error({ err, storageKey }, 'orphan document file left'));
      throw error;
    }
  }

  /** Deletes one of the player's own pending or rejected documents; answers the remaining list. */
  async function remove(playerId: string, id: string): Promise<PlayerDocument[]> {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.playerId, playerId)));
    if (!row) throw ApiError.of(ErrorCode.notFound, 'Document not found.');
    const approvedMessage = 'An approved document cannot be deleted.';
    if (row.status === DocumentStatus.approved) throw ApiError.of(ErrorCode.conflict, approvedMessage);
    const deleted = await db
      .delete(documents)
      .where(
        and(
          eq(documents.id, id),
          eq(documents.playerId, playerId),
          inArray(documents.status, [DocumentStatus.pending, DocumentStatus.rejected]),
        ),
      )
      .returning({ storageKey: documents.storageKey });
    // Approved between the read and the delete.
    if (deleted.length === 0) throw ApiError.of(ErrorCode.conflict, approvedMessage);
    await storage
      .delete(row.storageKey)
      .catch((err) => log.error({ err, storageKey: row.storageKey }, 'document file not removed'));
    return list(playerId);
  }

  return { list, upload, remove };
}

/** Marks the player's pending documents approved (inside the verification's transaction). */
export async function approvePendingDocuments(tx: Tx | Db, playerId: string): Promise<void> {
  await tx
    .update(documents)
    .set({ status: DocumentStatus.approved, reviewedAt: sql`now()` })
    .where(and(eq(documents.playerId, playerId), eq(documents.status, DocumentStatus.pending)));
}

export type DocumentsService = ReturnType<typeof createDocuments>;
