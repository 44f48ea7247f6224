import { documentTypes } from '@croupier/contracts/reference/statuses';

/** A document type's name as the player site shows it ("Proof of address"), or the key as words. */
const names = new Map(documentTypes.map((t) => [t.id, t.name]));

export const documentTypeName = (type: string | null | undefined): string =>
  (type && names.get(type)) ?? (type ? type.replace(/_/g, ' ') : '—');

export const DOCUMENT_TYPES = documentTypes.map((t) => ({ value: t.id, label: t.name }));

/** `12.3 kB`: enough to tell a blank scan from a photo. */
export function fileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
