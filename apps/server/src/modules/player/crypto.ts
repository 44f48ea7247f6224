import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../../config.ts';
import { persistedSecret } from '../../secrets.ts';

/** SHA-256 hex: how every emailed, texted or handed-out code is stored. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A URL-safe random code for links and tokens (256 bits). */
export const randomCode = () => randomBytes(32).toString('base64url');

/** A 6-digit one-time code, uniformly random. */
export const otpCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Compares two hex hashes without leaking where they differ. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash, or against a throwaway hash when there is no account,
 * so a login for an unknown player costs the same time as one for a known player.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash(randomCode(), ARGON2);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * The access-token key: JWT_SECRET when set; otherwise (development, demo) a random key generated once
 * and kept in DATA_DIR/jwt-secret so tokens survive restarts. Tests get a fresh key per app.
 */
export function resolveJwtSecret(config: Config): Buffer {
  const secret = persistedSecret({
    configured: config.JWT_SECRET,
    nodeEnv: config.NODE_ENV,
    dataDir: config.dataDir,
    file: 'jwt-secret',
  });
  return Buffer.from(secret, 'utf8');
}
