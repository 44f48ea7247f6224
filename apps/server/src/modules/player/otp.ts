import { ApiError, checkPhone, ErrorCode } from '@croupier/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordEvent } from './audit.ts';
import type { PlayerDeps, RequestMeta } from './context.ts';
import { otpCode, randomCode, sameHash, sha256 } from './crypto.ts';
import { mail } from './mail.ts';
import { otpCodes, passwordResets, players } from './schema.ts';
import type { AuthContext } from './sessions/sessions.ts';
import { throttles } from './throttles.ts';

export type OtpReason = 'registration' | 'phoneVerification' | 'changingPass';

const wrongCode = () => ApiError.of(ErrorCode.otpWrongCode, 'The code is not valid.', {}, 422);
const sendLimit = (message: string) => ApiError.of(ErrorCode.otpSendLimit, message, { phone: [message] }, 429);

/** The wire form of a phone (digits, country code first) after a libphonenumber check, or a 422 on `field`. */
export function phoneDigits(value: string, field = 'phone'): string {
  const check = checkPhone(value);
  if (!check.valid)
    throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', {
      [field]: ['Enter a valid phone number.'],
    });
  return check.digits;
}

/**
 * Sends a 6-digit code by SMS. At most one per phone per 60 s and 5 per hour (11005, HTTP 429).
 * Reasons that name an existing account answer the same whether or not it exists: a code is texted
 * only when it can be used (changingPass: an account has the phone; registration: none has it —
 * the owner of a taken number gets a notice instead).
 */
export async function sendOtp(
  deps: PlayerDeps,
  input: { phone: string; reason: OtpReason },
  caller: AuthContext | null,
  meta: RequestMeta,
): Promise<void> {
  const phone = phoneDigits(input.phone);
  const [recent] = await deps.db
    .select({
      last: sql<Date | null>`max(${otpCodes.createdAt})`,
      n: sql<number>`count(*)::int`,
    })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.phone, phone),
        gt(otpCodes.createdAt, sql`now() - make_interval(secs => ${throttles.otpSend.seconds})`),
      ),
    );
  const last = recent?.last ? new Date(recent.last) : null;
  const waitMs = last ? throttles.otpSend.spacingSeconds * 1000 - (Date.now() - last.getTime()) : 0;
  if (waitMs > 0 || Number(recent?.n ?? 0) >= throttles.otpSend.max) {
    await recordEvent(deps.db, {
      type: 'rate_limited',
      outcome: 'limited',
      identity: phone,
      detail: `otp ${input.reason}`,
      meta,
    });
    throw sendLimit(
      waitMs > 0 && Number(recent?.n ?? 0) < throttles.otpSend.max
        ? `Please wait ${Math.ceil(waitMs / 1000)} s before asking for another code.`
        : 'Too many codes were sent to this number. Try again later.',
    );
  }

  const [owner] = await deps.db.select({ id: players.id }).from(players).where(eq(players.phone, phone));
  if (input.reason === 'phoneVerification') {
    if (!caller) throw ApiError.of(ErrorCode.unauthorized, 'Sign in to verify your phone.');
    if (owner?.id !== caller.playerId) {
      throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', {
        phone: ['This is not the phone number of your profile.'],
      });
    }
  }
  const code = otpCode();
  await deps.db.insert(otpCodes).values({
    phone,
    reason: input.reason,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + throttles.otpTtlSeconds * 1000),
  });
  // The row is written in every case, so the send limits count the same for every number.
  if (input.reason === 'registration') {
    if (owner) mail.phoneTaken(deps, phone);
    else mail.otp(deps, phone, code);
  } else if (owner) {
    mail.otp(deps, phone, code);
  }
  await recordEvent(deps.db, {
    type: 'otp_sent',
    outcome: 'success',
    playerId: owner?.id ?? null,
    identity: phone,
    detail: input.reason,
    meta,
  });
}

/**
 * Spends one attempt of the newest live code of (phone, reason) and compares. The attempt is taken
 * atomically before comparing, so parallel guesses cannot exceed the 5 attempts. Returns the code row
 * on a match, or throws 11003.
 */
async function attempt(
  deps: PlayerDeps,
  phone: string,
  reason: OtpReason,
  code: string,
  meta: RequestMeta,
  db: Db = deps.db,
) {
  const [live] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.phone, phone),
        eq(otpCodes.reason, reason),
        isNull(otpCodes.usedAt),
        gt(otpCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  const claimed = live
    ? await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(and(eq(otpCodes.id, live.id), lt(otpCodes.attempts, throttles.otpAttempts), isNull(otpCodes.usedAt)))
        .returning()
    : [];
  const row = claimed[0];
  if (!row || !sameHash(row.codeHash, sha256(code))) {
    await recordEvent(deps.db, {
      type: 'otp_failed',
      outcome: 'failure',
      identity: phone,
      detail: `${reason}${row ? ` attempt ${row.attempts}` : ' no live code'}`,
      meta,
    });
    throw wrongCode();
  }
  return row;
}

/**
 * Checks a code. registration: the code stays usable by /register/phone for 10 more minutes and is
 * answered back; phoneVerification: the caller's phone becomes confirmed; changingPass: the answer is a
 * password-reset code for /passwords/confirm.
 */
export async function verifyOtp(
  deps: PlayerDeps,
  input: { phone: string; code: string; reason: OtpReason },
  caller: AuthContext | null,
  meta: RequestMeta,
): Promise<string> {
  const phone = phoneDigits(input.phone);
  const row = await attempt(deps, phone, input.reason, input.code, meta);
  let answer = input.code;
  let playerId: string | null = null;
  if (input.reason === 'registration') {
    await deps.db
      .update(otpCodes)
      .set({ verifiedAt: sql`now()`, expiresAt: new Date(Date.now() + throttles.otpVerifiedTtlSeconds * 1000) })
      .where(eq(otpCodes.id, row.id));
  } else {
    const [used] = await deps.db
      .update(otpCodes)
      .set({ verifiedAt: sql`now()`, usedAt: sql`now()` })
      .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.usedAt)))
      .returning({ id: otpCodes.id });
    if (!used) throw wrongCode();
    const [owner] = await deps.db.select({ id: players.id }).from(players).where(eq(players.phone, phone));
    if (!owner) throw wrongCode();
    playerId = owner.id;
    if (input.reason === 'phoneVerification') {
      if (caller && caller.playerId === owner.id) {
        await deps.db
          .update(players)
          .set({ phoneConfirmed: true, updatedAt: sql`now()` })
          .where(eq(players.id, owner.id));
      }
    } else {
      answer = randomCode();
      await deps.db.insert(passwordResets).values({
        playerId: owner.id,
        channel: 'sms',
        codeHash: sha256(answer),
        expiresAt: new Date(Date.now() + throttles.smsResetTtlSeconds * 1000),
      });
    }
  }
  await recordEvent(deps.db, {
    type: 'otp_verified',
    outcome: 'success',
    playerId,
    identity: phone,
    detail: input.reason,
    meta,
  });
  return answer;
}

/** Uses up a registration code for /register/phone (verified before or not): 11003 when wrong or dead. */
export async function consumeRegistrationOtp(
  deps: PlayerDeps,
  phone: string,
  code: string,
  meta: RequestMeta,
  db: Db = deps.db,
) {
  const row = await attempt(deps, phone, 'registration', code, meta, db);
  const [used] = await db
    .update(otpCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.usedAt)))
    .returning({ id: otpCodes.id });
  if (!used) throw wrongCode();
}
