import { ApiError, ErrorCode } from '@croupier/contracts';
import { eq, or } from 'drizzle-orm';
import { countRecent, recordEvent } from './audit.ts';
import type { PlayerDeps, RequestMeta } from './context.ts';
import { type MailDeps, mail } from './mail.ts';
import { players } from './schema.ts';
import { signInRefused } from './sign-in-refused.ts';

// The account flows' throttles (login, codes, e-mails) and lifetimes: not the risk module's gaming limits.

/**
 * Every throttle and lifetime of the account flows in one place (docs/decisions/0009-accounts.md).
 * Per-IP limits run in @fastify/rate-limit (counters in Redis with REDIS_URL); per-identity ones count rows in the database, so they
 * hold across instances and restarts.
 */
export const throttles = {
  /** Per visitor IP (Fastify rate limit). */
  ip: {
    login: { max: 20, timeWindow: '15 minutes' },
    register: { max: 10, timeWindow: '1 hour' },
    autologin: { max: 20, timeWindow: '10 minutes' },
    refresh: { max: 60, timeWindow: '10 minutes' },
    otpSend: { max: 10, timeWindow: '1 hour' },
    otpVerify: { max: 30, timeWindow: '10 minutes' },
    passwordReset: { max: 10, timeWindow: '1 hour' },
    passwordConfirm: { max: 20, timeWindow: '10 minutes' },
    passwordChange: { max: 10, timeWindow: '10 minutes' },
    confirmEmail: { max: 20, timeWindow: '10 minutes' },
    resendConfirmation: { max: 10, timeWindow: '1 hour' },
  },
  /**
   * Failed logins per (e-mail or phone, address) pair before that pair is refused: an attacker's failures
   * never block the owner elsewhere (docs/decisions/0031).
   */
  loginFailuresPerPair: { max: 5, seconds: 15 * 60 },
  /**
   * The slower ceiling per identity, whatever the address (many addresses at once). Reaching it refuses
   * password logins of the identity for the window and e-mails the owner a one-time sign-in link.
   */
  loginFailuresPerIdentity: { max: 25, seconds: 60 * 60 },
  /** Lifetime of the sign-in link sent to an owner under attack (one per identity window; autologin's most). */
  underAttackLinkTtlSeconds: 10 * 60,
  /** Reset e-mails per address. */
  resetsPerEmail: { max: 3, seconds: 60 * 60 },
  /** Confirmation e-mails per player: spacing and hourly cap. */
  confirmationResend: { spacingSeconds: 60, max: 5, seconds: 60 * 60 },
  /** SMS codes per phone: spacing and hourly cap. */
  otpSend: { spacingSeconds: 60, max: 5, seconds: 60 * 60 },
  /** Wrong entries a code survives. */
  otpAttempts: 5,
  otpTtlSeconds: 10 * 60,
  /** A registration code verified by /otp/verify stays usable by /register/phone this long. */
  otpVerifiedTtlSeconds: 10 * 60,
  passwordResetTtlSeconds: 60 * 60,
  /** Reset code handed out by a verified SMS code (reason changingPass). */
  smsResetTtlSeconds: 15 * 60,
  emailConfirmationTtlSeconds: 7 * 24 * 60 * 60,
  autologinTtlSeconds: 120,
  /** last_seen_at is written at most this often per session. */
  lastSeenEverySeconds: 60,
  /** A refresh may present the token it just replaced for this long (lost answer, two tabs). */
  refreshGraceSeconds: 60,
} as const;

type MintLink = (playerId: string, ttlSeconds: number) => Promise<{ token: string }>;

/**
 * 422 with code 5 and the message on `login` (decision 0052): both clients show a 422's `fields` under the
 * inputs; a 429 would only give them "something went wrong".
 */
export const tooManyLogins = (message = 'Too many failed attempts. Try again later.') =>
  ApiError.of(ErrorCode.tooManyAttempts, message, { login: [message] }, 422);
const tooMany = () => tooManyLogins();

/**
 * The failed-login throttle (docs/decisions/0031), checked before the password. Failures count per
 * (identity, address) pair, so an attacker's address is refused while the owner's stays open; a slower
 * ceiling per identity stops many addresses at once, and then the owner is e-mailed a one-time sign-in
 * link (once per window), so the attack cannot lock the owner out. Refusals are 422 code 5, never 401/403.
 */
export async function checkLoginThrottle(
  deps: Pick<PlayerDeps, 'db'> & MailDeps,
  identity: string,
  meta: RequestMeta,
  mintLink: MintLink,
): Promise<void> {
  const { db } = deps;
  const failures = (ip: string | undefined, seconds: number) =>
    countRecent(db, { identity, ip, type: 'login', outcome: 'failure' }, seconds);
  const { loginFailuresPerPair: pair, loginFailuresPerIdentity: ceiling } = throttles;
  if ((await failures(meta.ip, pair.seconds)) >= pair.max) {
    await recordEvent(db, { type: 'rate_limited', outcome: 'limited', identity, detail: 'login pair', meta });
    throw tooMany();
  }
  if ((await failures(undefined, ceiling.seconds)) >= ceiling.max) {
    await recordEvent(db, { type: 'rate_limited', outcome: 'limited', identity, detail: 'login identity', meta });
    await sendSignInLink(deps, identity, mintLink);
    throw tooMany();
  }
}

/** E-mails the identity's owner a one-time sign-in link, at most once per ceiling window. */
async function sendSignInLink(
  deps: Pick<PlayerDeps, 'db'> & MailDeps,
  identity: string,
  mintLink: MintLink,
): Promise<void> {
  const [owner] = await deps.db
    .select({ id: players.id, email: players.email, status: players.status, blockLogin: players.blockLogin })
    .from(players)
    .where(or(eq(players.email, identity), eq(players.phone, identity)));
  if (!owner?.email || signInRefused(owner)) return;
  const sent = await countRecent(
    deps.db,
    { playerId: owner.id, type: 'signin_link_sent' },
    throttles.loginFailuresPerIdentity.seconds,
  );
  if (sent > 0) return;
  // Written first: two refusals at the same moment may both see none sent; one extra e-mail is harmless.
  await recordEvent(deps.db, { type: 'signin_link_sent', outcome: 'success', playerId: owner.id, identity });
  const { token } = await mintLink(owner.id, throttles.underAttackLinkTtlSeconds);
  mail.underAttack(deps, owner.email, `${deps.config.publicUrl}/auth/autologin?state=${token}`);
}
