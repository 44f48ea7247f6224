import { ApiError, ErrorCode } from '@croupier/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { countRecent, recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { randomCode, sha256 } from '../crypto.ts';
import { type MailDeps, mail } from '../mail.ts';
import { emailConfirmations, players } from '../schema.ts';
import { throttles } from '../throttles.ts';
import { loadPlayer } from './deps.ts';
import { invalid } from './form.ts';

// E-mail confirmation: the code written with a registration or an address change, the link followed, and the
// player's "send it again" (spaced and capped per hour).

/** Writes a confirmation code for the player's e-mail and answers the send of its link (after the caller commits). */
export async function issueEmailConfirmation(deps: MailDeps, tx: Db, playerId: string, email: string) {
  const code = randomCode();
  await tx.insert(emailConfirmations).values({
    playerId,
    email,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + throttles.emailConfirmationTtlSeconds * 1000),
  });
  return () => mail.confirmEmail(deps, email, code);
}

/** The link of a confirmation e-mail: confirms the address while the player still has it. */
export async function confirmEmail(deps: Pick<PlayerDeps, 'db'>, code: string, meta: RequestMeta): Promise<void> {
  const { db } = deps;
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailConfirmations)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailConfirmations.codeHash, sha256(code)),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!row) return null;
    // Only while the player still has that address: a link to a replaced address confirms nothing.
    const [player] = await tx
      .update(players)
      .set({ confirmedAt: sql`coalesce(${players.confirmedAt}, now())`, updatedAt: sql`now()` })
      .where(and(eq(players.id, row.playerId), eq(players.email, row.email)))
      .returning({ id: players.id });
    return player ? row : null;
  });
  if (!confirmed) {
    await recordEvent(db, { type: 'email_confirmed', outcome: 'failure', meta });
    throw invalid({ code: ['This confirmation link is not valid or has expired.'] });
  }
  await recordEvent(db, {
    type: 'email_confirmed',
    outcome: 'success',
    playerId: confirmed.playerId,
    identity: confirmed.email,
    meta,
  });
}

/** Sends the confirmation link again, at most once a minute and a few times an hour. */
export async function resendConfirmation(
  deps: Pick<PlayerDeps, 'db'> & MailDeps,
  playerId: string,
  meta: RequestMeta,
): Promise<'sent' | 'already-confirmed'> {
  const { db } = deps;
  const player = await loadPlayer(db, playerId);
  if (!player.email) throw invalid({ email: ['There is no e-mail address to confirm.'] });
  if (player.confirmedAt) return 'already-confirmed';
  const where = { playerId, type: 'email_confirmation_sent' as const };
  const [lastMinute, lastHour] = await Promise.all([
    countRecent(db, where, throttles.confirmationResend.spacingSeconds),
    countRecent(db, where, throttles.confirmationResend.seconds),
  ]);
  if (lastMinute > 0 || lastHour >= throttles.confirmationResend.max) {
    await recordEvent(db, {
      type: 'rate_limited',
      outcome: 'limited',
      playerId,
      detail: 'confirmation resend',
      meta,
    });
    throw ApiError.of(ErrorCode.tooManyAttempts, 'A confirmation e-mail was sent recently. Try again later.');
  }
  const send = await issueEmailConfirmation(deps, db, playerId, player.email);
  send();
  await recordEvent(db, {
    type: 'email_confirmation_sent',
    outcome: 'success',
    playerId,
    identity: player.email,
    meta,
  });
  return 'sent';
}
