import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The seamless API's request signature (docs/provider-api.md): X-Signature = `sha256=<hex>` of
 * HMAC-SHA256(provider secret, raw body bytes). Server only (node:crypto): import it by its subpath,
 * `@croupier/contracts/seamless-signature`; the package index leaves it out so browsers never load it.
 */
export const seamlessSignature = (secret: string, rawBody: Buffer | string): string =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

/** Whether `given` is the signature of `rawBody`, compared in constant time. */
export function isSeamlessSignature(secret: string, rawBody: Buffer | string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(seamlessSignature(secret, rawBody), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
