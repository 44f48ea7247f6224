/**
 * Where uploaded files live. Keys are chosen by the caller (random, never from user input) and are
 * checked by `assertSafeKey` in every adapter, so no key can leave its root or bucket.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what was there; readers never see a partial file. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under the key, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Segments of letters, digits, '.', '_' and '-', each starting with a letter or digit, joined by '/'. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export class UnsafeKeyError extends Error {}

export function assertSafeKey(key: string): void {
  if (key.length > 512 || !SAFE_KEY.test(key)) throw new UnsafeKeyError(`unsafe storage key: ${JSON.stringify(key)}`);
}
