import { ApiError, ErrorCode, type Staff, type VerifyRequest } from '@croupier/contracts';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { staffView } from '../accounts/views.ts';
import { writeAudit } from '../audit/write.ts';
import { signInChallenges, staffAccounts, staffSessions } from '../schema.ts';
import { openSecret, SecretBoxError } from '../secret-box.ts';
import { verifyCode } from '../totp.ts';
import { CHALLENGE_MAX_WRONG_CODES, type SignInDeps, type SignInMeta } from './sign-in.ts';
import { checkSignInThrottle, recordSignInFailure } from './throttle.ts';
import { newStaffToken, STAFF_ABSOLUTE_MS, tokenHashOf } from './tokens.ts';

/** 20002: wrong, expired or already used, one answer for all (§1.1). */
const wrongCode = () => ApiError.of(ErrorCode.staffWrongCode, 'The code is wrong, expired or already used.');

/** Thrown inside the session's transaction when another request took the code or the challenge first. */
class TakenMeanwhile extends Error {}

export interface SignedIn {
  token: string;
  expiresAt: Date;
  staff: Staff;
}

/**
 * The second step (§2): the TOTP code of a challenge. A code is used once: its time step must come after the
 * account's last accepted one, and the conditional updates below let only one of two simultaneous requests
 * with the same code through. A challenge serves once, for 5 minutes and until its 5th wrong code. The first
 * valid code of an enrolment moves the pending secret to the account. Mints the session, audited.
 */
export async function verifySignIn(deps: SignInDeps, body: VerifyRequest, meta: SignInMeta): Promise<SignedIn> {
  const { db } = deps;
  const [row] = await db
    .select({
      staffId: signInChallenges.staffId,
      pendingSecret: signInChallenges.pendingSecret,
      wrongCodes: signInChallenges.wrongCodes,
      expiresAt: signInChallenges.expiresAt,
      usedAt: signInChallenges.usedAt,
      email: staffAccounts.email,
      totpSecret: staffAccounts.totpSecret,
      totpLastStep: staffAccounts.totpLastStep,
      disabled: staffAccounts.disabled,
    })
    .from(signInChallenges)
    .innerJoin(staffAccounts, eq(staffAccounts.id, signInChallenges.staffId))
    .where(eq(signInChallenges.id, body.challengeId))
    .limit(1);
  if (!row) throw wrongCode();
  await checkSignInThrottle(db, row.email, meta.ip, 'code');

  const refuse = async (why: string, wrongCodeOfChallenge: boolean) => {
    if (wrongCodeOfChallenge) {
      await db
        .update(signInChallenges)
        .set({ wrongCodes: sql`${signInChallenges.wrongCodes} + 1` })
        .where(eq(signInChallenges.id, body.challengeId));
    }
    await recordSignInFailure(db, { email: row.email, ip: meta.ip, step: 'code', staffId: row.staffId, why });
    return wrongCode();
  };
  if (row.usedAt) throw await refuse('challenge already used', false);
  if (row.expiresAt.getTime() <= Date.now()) throw await refuse('challenge expired', false);
  if (row.wrongCodes >= CHALLENGE_MAX_WRONG_CODES) throw await refuse('too many wrong codes', false);
  if (row.disabled) throw await refuse('account disabled', false);

  const box = row.pendingSecret ?? row.totpSecret;
  const secret = box ? openBox(deps, box, row.staffId) : null;
  const match = secret ? verifyCode(secret, body.code, new Date()) : null;
  if (!match) throw await refuse('wrong code', true);
  if (row.totpLastStep !== null && match.step <= row.totpLastStep) throw await refuse('code already used', true);

  const token = newStaffToken();
  const expiresAt = new Date(Date.now() + STAFF_ABSOLUTE_MS);
  try {
    const account = await db.transaction(async (tx) => {
      const challenge = await tx
        .update(signInChallenges)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(signInChallenges.id, body.challengeId),
            isNull(signInChallenges.usedAt),
            lt(signInChallenges.wrongCodes, CHALLENGE_MAX_WRONG_CODES),
            gt(signInChallenges.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: signInChallenges.id });
      if (challenge.length === 0) throw new TakenMeanwhile();
      // The row lock makes a second request with the same code wait here, then find the step taken.
      const [accepted] = await tx
        .update(staffAccounts)
        .set({
          totpLastStep: match.step,
          lastSignInAt: sql`now()`,
          ...(row.pendingSecret ? { totpSecret: row.pendingSecret } : {}),
        })
        .where(
          and(
            eq(staffAccounts.id, row.staffId),
            eq(staffAccounts.disabled, false),
            or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, match.step)),
            // The secret the code was checked against is still the one to use (not enrolled or reset meanwhile).
            row.pendingSecret ? isNull(staffAccounts.totpSecret) : eq(staffAccounts.totpSecret, box!),
          ),
        )
        .returning();
      if (!accepted) throw new TakenMeanwhile();
      const [session] = await tx
        .insert(staffSessions)
        .values({
          staffId: row.staffId,
          tokenHash: tokenHashOf(token),
          ip: meta.ip,
          userAgent: meta.userAgent,
          expiresAt,
        })
        .returning({ id: staffSessions.id });
      await writeAudit(tx, {
        staffId: row.staffId,
        action: 'staff.sign_in',
        targetType: 'staff',
        targetId: row.staffId,
        after: { sessionId: session!.id, ip: meta.ip, enrolled: row.pendingSecret !== null },
      });
      return accepted;
    });
    return { token, expiresAt, staff: staffView(account) };
  } catch (error) {
    if (error instanceof TakenMeanwhile) throw await refuse('code or challenge taken by another request', true);
    throw error;
  }
}

/** A box that does not open (STAFF_SECRET_KEY changed, a row copied) refuses the code, and tells the operator. */
function openBox(deps: SignInDeps, box: string, staffId: string): string | null {
  try {
    return openSecret(deps.boxKey, box, staffId);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    deps.log.error(
      { staffId, reason: error.reason },
      'a sealed TOTP secret did not open: was STAFF_SECRET_KEY changed?',
    );
    return null;
  }
}
