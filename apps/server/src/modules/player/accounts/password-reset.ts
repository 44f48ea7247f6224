import { ApiError, ErrorCode } from '@croupier/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { countRecent, recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { hashPassword, randomCode, sha256 } from '../crypto.ts';
import { type MailDeps, mail } from '../mail.ts';
import { passwordResets, players } from '../schema.ts';
import { closeAllSessions, notifySessionsClosed } from '../sessions/sessions.ts';
import { signInRefused } from '../sign-in-refused.ts';
import { throttles } from '../throttles.ts';
import { invalid } from './form.ts';

// "Forgot password": a reset link by e-mail (or a code from a verified SMS, otp.ts), then the new password.

/**
 * Counts, looks up and audits alike for every address; for a real account it returns the work only an account
 * needs (write the code, send the e-mail), which the caller runs after the answer has gone (decision 0034).
 */
export async function requestPasswordReset(
  deps: Pick<PlayerDeps, 'db'> & MailDeps,
  rawEmail: string,
  meta: RequestMeta,
): Promise<(() => Promise<void>) | null> {
  const { db } = deps;
  const email = rawEmail.trim().toLowerCase();
  // Counted per address whether or not it has an account, so the limit does not tell either.
  const recent = await countRecent(
    db,
    { identity: email, type: 'password_reset_requested' },
    throttles.resetsPerEmail.seconds,
  );
  if (recent >= throttles.resetsPerEmail.max) {
    await recordEvent(db, {
      type: 'rate_limited',
      outcome: 'limited',
      identity: email,
      detail: 'password reset',
      meta,
    });
    throw ApiError.of(ErrorCode.tooManyAttempts, 'Too many reset requests for this address. Try again later.');
  }
  const [player] = await db
    .select({ id: players.id, status: players.status, blockLogin: players.blockLogin })
    .from(players)
    .where(eq(players.email, email));
  await recordEvent(db, {
    type: 'password_reset_requested',
    outcome: player ? 'success' : 'refused',
    playerId: player?.id,
    identity: email,
    meta,
  });
  if (!player || signInRefused(player)) return null;
  const playerId = player.id;
  return () => issuePasswordReset(deps, playerId, email);
}

/** Writes the reset code and e-mails its link; a failure is logged (the answer has gone already). */
async function issuePasswordReset(deps: Pick<PlayerDeps, 'db'> & MailDeps, playerId: string, email: string) {
  const code = randomCode();
  try {
    await deps.db.insert(passwordResets).values({
      playerId,
      channel: 'email',
      codeHash: sha256(code),
      expiresAt: new Date(Date.now() + throttles.passwordResetTtlSeconds * 1000),
    });
    await mail.passwordReset(deps, email, code);
  } catch (error) {
    deps.log.error({ err: error, playerId }, 'password reset not issued');
  }
}

/** Sets the new password of a live reset code; every other code and every session of the player end. */
export async function confirmPasswordReset(
  deps: Pick<PlayerDeps, 'db' | 'sessionsClosed' | 'log'>,
  code: string,
  password: string,
  meta: RequestMeta,
): Promise<void> {
  const { db } = deps;
  const passwordHash = await hashPassword(password);
  let closed: string[] = [];
  const playerId = await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.codeHash, sha256(code)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!reset) return null;
    await tx
      .update(players)
      .set({
        passwordHash,
        updatedAt: sql`now()`,
        // Following an e-mailed link proves the address as well as a confirmation link does.
        ...(reset.channel === 'email' ? { confirmedAt: sql`coalesce(${players.confirmedAt}, now())` } : {}),
      })
      .where(eq(players.id, reset.playerId));
    // Every other outstanding code dies with this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.playerId, reset.playerId), isNull(passwordResets.usedAt)));
    closed = await closeAllSessions(tx as unknown as Db, reset.playerId, 'password_reset');
    return reset.playerId;
  });
  notifySessionsClosed(deps, closed);
  if (!playerId) {
    await recordEvent(db, { type: 'password_reset', outcome: 'failure', detail: 'bad code', meta });
    throw invalid({ code: ['This code is not valid or has expired.'] });
  }
  await recordEvent(db, { type: 'password_reset', outcome: 'success', playerId, meta });
}
