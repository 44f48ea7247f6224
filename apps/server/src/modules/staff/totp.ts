import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * The staff second factor (backoffice-api.md §2): TOTP per RFC 6238 with what every authenticator app expects,
 * SHA-1, 6 digits, 30-second steps. otplib does the arithmetic (audited HMAC and base32 underneath).
 */

const ISSUER = 'Croupier';
const PERIOD_SECONDS = 30;
const CODE = /^\d{6}$/;

/** A new base32 secret of 20 random bytes (160 bits, RFC 4226's recommended length). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The enrolment URL an authenticator app scans: `otpauth://totp/Croupier:<email>?secret=…&issuer=Croupier`. */
export const otpauthUrl = (email: string, secret: string): string =>
  generateURI({ issuer: ISSUER, label: email, secret });

const epochSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** The time step a moment falls in (RFC 6238's T): what "used" is recorded against. */
export const timeStepAt = (now: Date): number => Math.floor(epochSeconds(now) / PERIOD_SECONDS);

/** The code an authenticator shows at `now` (the demo and tests type it; the server never sends it). */
export const codeAt = (secret: string, now: Date): string => generateSync({ secret, epoch: epochSeconds(now) });

/**
 * Checks a code typed at `now` against the current step and one step either side (clock drift and the time
 * it takes to type). Answers the step that matched, so the caller can record it as used and refuse the same
 * code again (§2: a code is accepted once), or null. Bad input (not exactly 6 digits, a broken secret) is
 * null, never an exception: it comes from a sign-in form.
 */
export function verifyCode(secret: string, code: unknown, now: Date): { step: number } | null {
  if (typeof code !== 'string' || !CODE.test(code)) return null;
  try {
    // A tolerance of one period in seconds covers exactly the steps T-1, T and T+1 wherever `now` falls in T.
    const result = verifySync({ secret, token: code, epoch: epochSeconds(now), epochTolerance: PERIOD_SECONDS });
    // The answer's type also covers HOTP, whose results have no time step.
    return result.valid && 'timeStep' in result ? { step: result.timeStep } : null;
  } catch {
    return null;
  }
}
