/**
 * Every throttle and lifetime of the account flows in one place (docs/decisions/0009-accounts.md).
 * Per-IP limits run in @fastify/rate-limit (counters in Redis with REDIS_URL); per-identity ones count rows in the database, so they
 * hold across instances and restarts.
 */
export const limits = {
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
