/** localStorage keys the session owns or clears (spec §4). */
export const STORAGE_KEYS = {
  /** Set by the wallet while an invoice awaits its result; removed on logout. */
  pendingInvoice: 'croupier:pending-invoice',
  /** The game to return to after signing in; removed on logout. */
  returnGame: 'croupier:return-game',
  /** Stable random device id sent with logins and registrations. */
  fingerprint: 'croupier:fingerprint',
  /** Set once the player has asked for the confirmation e-mail again (spec §4). */
  resendVerification: 'croupier:resend-verification',
} as const;

/** localStorage that never throws (private mode, disabled storage, SSR). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Not kept: storage unavailable.
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },
};
