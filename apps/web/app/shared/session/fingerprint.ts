import { STORAGE_KEYS, safeStorage } from './storage.ts';

/** A stable random id for this browser, sent with logins and registrations (api-contract §3.1). */
export function deviceFingerprint(): string {
  const kept = safeStorage.get(STORAGE_KEYS.fingerprint);
  if (kept) return kept;
  const id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  safeStorage.set(STORAGE_KEYS.fingerprint, id);
  return id;
}
