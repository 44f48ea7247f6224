/** What an uploaded file really is, judged by its first bytes; the declared mime type and name are ignored. */
export interface DetectedKind {
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  extension: 'jpg' | 'png' | 'pdf';
}

const signatures: { magic: number[]; kind: DetectedKind }[] = [
  { magic: [0xff, 0xd8, 0xff], kind: { contentType: 'image/jpeg', extension: 'jpg' } },
  {
    magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    kind: { contentType: 'image/png', extension: 'png' },
  },
  // "%PDF-"
  { magic: [0x25, 0x50, 0x44, 0x46, 0x2d], kind: { contentType: 'application/pdf', extension: 'pdf' } },
];

export function detectKind(bytes: Uint8Array): DetectedKind | null {
  for (const { magic, kind } of signatures) {
    if (bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) return kind;
  }
  return null;
}

export const MAX_FILE_NAME_LENGTH = 100;

/** C0/C1 controls, zero-width and bidirectional-override characters, byte-order mark. */
const invisible = (code: number) =>
  code <= 0x1f ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x200b && code <= 0x200f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069) ||
  code === 0xfeff;

/**
 * The name shown back to the player: the last path segment (either slash), without control and
 * bidirectional-override characters, whitespace collapsed, at most 100 characters with the extension
 * kept. Never used to build a storage path.
 */
export function sanitizeFileName(raw: string | undefined, fallbackExtension: string): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .split('')
    .filter((c) => !invisible(c.charCodeAt(0)))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const name = cleaned === '' ? `document.${fallbackExtension}` : cleaned;
  const chars = [...name];
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length > 10) return chars.slice(0, MAX_FILE_NAME_LENGTH).join('');
  const stem = [...name.slice(0, dot)].slice(0, MAX_FILE_NAME_LENGTH - extension.length);
  return stem.join('') + extension.join('');
}
