/**
 * A UUID v4 for an adjustment's idempotency key (backoffice-api.md §5), made once when its dialog opens, so a
 * double click or a retry sends the same key and moves money once. `crypto.randomUUID` exists only in secure
 * contexts (https or localhost); a demo reached over plain http falls back to `getRandomValues`.
 */
export function newIdempotencyKey(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
