import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of the staff's TOTP secrets: a copy of the database alone must not let anyone produce
 * second-factor codes. AES-256-GCM (node:crypto, authenticated), one random 96-bit IV per box, the result a
 * versioned string `v1.<iv>.<tag>.<ciphertext>` (base64url) that fits a text column and lets a later version
 * (another cipher, a key id for rotation) sit beside this one.
 */

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Why a box was refused: `malformed` (not a box), `version` (unknown), `refused` (tampered, wrong key or owner). */
export class SecretBoxError extends Error {
  constructor(readonly reason: 'malformed' | 'version' | 'refused') {
    super(`secret box ${reason}`);
    this.name = 'SecretBoxError';
  }
}

function checkKey(key: Uint8Array) {
  // A short key is a configuration mistake; failing loudly beats encrypting with something weaker.
  if (key.length !== KEY_BYTES) throw new RangeError(`secret box key must be ${KEY_BYTES} bytes`);
}

/**
 * The box key from a configured secret of any length (the way the JWT key comes from config, see
 * secrets.ts): HKDF-SHA-256 with a purpose label, so the same setting never doubles as another key.
 */
export const deriveBoxKey = (secret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, '', 'croupier staff totp secret box v1', KEY_BYTES));

/**
 * Seals `plaintext`. `boundTo` (the staff id) is authenticated with it, so a box copied onto another
 * account's row does not open there.
 */
export function sealSecret(key: Uint8Array, plaintext: string, boundTo: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const b64 = (bytes: Buffer) => bytes.toString('base64url');
  return `${VERSION}.${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(ciphertext)}`;
}

/** Opens a box sealed by `sealSecret` with the same key and `boundTo`; anything else throws a SecretBoxError. */
export function openSecret(key: Uint8Array, box: string, boundTo: string): string {
  checkKey(key);
  const parts = box.split('.');
  if (parts.length !== 4) throw new SecretBoxError('malformed');
  if (parts[0] !== VERSION) throw new SecretBoxError('version');
  const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
  if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext) throw new SecretBoxError('malformed');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('refused');
  }
}
