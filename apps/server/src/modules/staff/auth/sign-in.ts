import { ApiError, ErrorCode, type SignInChallenge, type SignInRequest } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { verifyPassword } from '../../player/index.ts';
import { signInChallenges, staffAccounts } from '../schema.ts';
import { sealSecret } from '../secret-box.ts';
import { newTotpSecret, otpauthUrl } from '../totp.ts';
import { checkSignInThrottle, recordSignInFailure } from './throttle.ts';

/** What the two sign-in steps work with. */
export interface SignInDeps {
  db: Db;
  /** Seals and opens the TOTP secrets (box-key.ts). */
  boxKey: Buffer;
  log: FastifyBaseLogger;
}

/** The visitor of a sign-in step: its resolved address (decision 0030) and user agent. */
export interface SignInMeta {
  ip: string;
  userAgent: string | null;
}

/** §2: a challenge lives 5 minutes and survives 4 wrong codes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_WRONG_CODES = 5;

/** 20001, the same for an unknown e-mail, a wrong password and a disabled account (§1.1). */
const wrongCredentials = () => ApiError.of(ErrorCode.staffWrongCredentials, 'Wrong e-mail or password.');

/**
 * The first step (§2): e-mail and password. Always one argon2id verification, of the account's hash or a
 * throwaway one, so the answer's time does not tell whether the e-mail exists. An account without a second
 * factor gets a new secret to enrol, sealed in the challenge until the first valid code moves it to the account.
 */
export async function startSignIn(deps: SignInDeps, body: SignInRequest, meta: SignInMeta): Promise<SignInChallenge> {
  const { db } = deps;
  await checkSignInThrottle(db, body.email, meta.ip, 'password');
  const [account] = await db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      passwordHash: staffAccounts.passwordHash,
      totpSecret: staffAccounts.totpSecret,
      disabled: staffAccounts.disabled,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, body.email))
    .limit(1);
  const passwordOk = await verifyPassword(account?.passwordHash ?? null, body.password);
  if (!account || !passwordOk || account.disabled) {
    const why = !account ? 'unknown e-mail' : !passwordOk ? 'wrong password' : 'account disabled';
    await recordSignInFailure(db, {
      email: body.email,
      ip: meta.ip,
      step: 'password',
      staffId: account?.id ?? null,
      why,
    });
    throw wrongCredentials();
  }
  let enrolment: SignInChallenge['enrolment'] = null;
  let pendingSecret: string | null = null;
  if (!account.totpSecret) {
    const secret = newTotpSecret();
    pendingSecret = sealSecret(deps.boxKey, secret, account.id);
    enrolment = { secret, otpauthUrl: otpauthUrl(account.email, secret) };
  }
  const [challenge] = await db
    .insert(signInChallenges)
    .values({
      staffId: account.id,
      pendingSecret,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      ip: meta.ip,
    })
    .returning({ id: signInChallenges.id });
  return { challengeId: challenge!.id, enrolment };
}
