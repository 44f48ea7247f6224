import { ApiError, type PlayerDocument } from '@croupier/contracts';

/** What the server lists (api-contract §1.6): 2 pending, 3 rejected, anything else approved. */
export const DocumentStatus = { pending: 2, rejected: 3 } as const;
/** Local rows only (api-contract §1.6): a file on its way up, and one that did not make it. */
export const LocalStatus = { uploading: 0, failed: -1 } as const;

export type DocumentState = 'uploading' | 'failed' | 'pending' | 'rejected' | 'approved';

export function documentState(status: number): DocumentState {
  if (status === LocalStatus.uploading) return 'uploading';
  if (status === LocalStatus.failed) return 'failed';
  if (status === DocumentStatus.pending) return 'pending';
  if (status === DocumentStatus.rejected) return 'rejected';
  return 'approved';
}

/** Pending and rejected documents can be deleted on the server; a failed local row is just dismissed. */
export const canDelete = (doc: Pick<PlayerDocument, 'status'>) => {
  const state = documentState(doc.status);
  return state === 'pending' || state === 'rejected';
};

export const isLocal = (doc: Pick<PlayerDocument, 'status'>) =>
  doc.status === LocalStatus.uploading || doc.status === LocalStatus.failed;

/** A document type as constants player.document.type lists it. */
export interface DocumentTypeDef {
  id: string;
  name: string;
  section: string;
}

export interface DocumentGroup {
  section: string;
  types: { type: DocumentTypeDef; documents: PlayerDocument[] }[];
}

/**
 * Documents under their type, types under their section, both in the constants' order. A document of a
 * type the constants do not list goes under `other` (kept visible rather than lost).
 */
export function groupDocuments(types: readonly DocumentTypeDef[], docs: readonly PlayerDocument[]): DocumentGroup[] {
  const known = new Set(types.map((t) => t.id));
  const fallback = types.find((t) => t.id === 'other') ?? types[types.length - 1];
  const groups: DocumentGroup[] = [];
  for (const type of types) {
    let group = groups.find((g) => g.section === type.section);
    if (!group) {
      group = { section: type.section, types: [] };
      groups.push(group);
    }
    group.types.push({
      type,
      documents: docs.filter((d) => d.type === type.id || (type === fallback && !known.has(d.type))),
    });
  }
  return groups;
}

/** The client's upload limit, checked before sending (the server enforces its own, 413). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_MIME = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const ACCEPT_ATTRIBUTE = `${ACCEPTED_MIME.join(',')},.jpg,.jpeg,.png,.pdf`;

export type FileProblem = 'tooLarge' | 'wrongType' | 'empty';

/** A file the server would refuse anyway (by size or kind); the server still judges the content. */
export function fileProblem(file: { size: number; type: string; name: string }): FileProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > MAX_DOCUMENT_BYTES) return 'tooLarge';
  const byType = (ACCEPTED_MIME as readonly string[]).includes(file.type);
  const byName = /\.(jpe?g|png|pdf)$/i.test(file.name);
  return byType || (file.type === '' && byName) ? null : 'wrongType';
}

export type UploadFailure = { kind: 'tooLarge' } | { kind: 'field'; message: string } | { kind: 'generic' };

/** 413 → file too large; 422 → the first message of fields.file (or fields.type); anything else generic. */
export function uploadFailureOf(error: unknown): UploadFailure {
  if (!(error instanceof ApiError)) return { kind: 'generic' };
  if (error.status === 413) return { kind: 'tooLarge' };
  const message = error.status === 422 ? (error.fields.file?.[0] ?? error.fields.type?.[0]) : undefined;
  return message ? { kind: 'field', message } : { kind: 'generic' };
}

let localSeq = 0;

/** The placeholder row shown while a file uploads (status 0). */
export function placeholderRow(type: string, fileName: string, now = new Date()): PlayerDocument {
  localSeq += 1;
  return {
    id: `local-${localSeq}`,
    fileName,
    status: LocalStatus.uploading,
    type,
    createdAt: now.toISOString(),
    rejectReason: null,
  };
}
