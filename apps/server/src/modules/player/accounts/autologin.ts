import { ApiError, type Auth, ErrorCode } from '@croupier/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { randomCode, sha256 } from '../crypto.ts';
import { autologinTokens, players } from '../schema.ts';
import { openSession } from '../sessions/sessions.ts';
import { signInRefused } from '../sign-in-refused.ts';
import { throttles } from '../throttles.ts';

// Single-use sign-in tokens: minted for game and affiliate flows (and the link to an owner under attack),
// spent by POST /api/player/sessions/token.

/** A single-use token, valid `ttlSeconds` (at most 10 minutes; default 2). */
export async function mintAutologinToken(
  deps: Pick<PlayerDeps, 'db'>,
  playerId: string,
  ttlSeconds: number = throttles.autologinTtlSeconds,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomCode();
  const expiresAt = new Date(Date.now() + Math.min(ttlSeconds, 600) * 1000);
  await deps.db.insert(autologinTokens).values({ playerId, tokenHash: sha256(token), expiresAt });
  return { token, expiresAt };
}

/** Spends a live token and opens a session for its (not blocked) player. */
export async function loginWithToken(
  deps: PlayerDeps,
  input: { token: string; fingerprint: string },
  meta: RequestMeta,
): Promise<Auth> {
  const { db } = deps;
  const [used] = await db
    .update(autologinTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(autologinTokens.tokenHash, sha256(input.token)),
        isNull(autologinTokens.usedAt),
        gt(autologinTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ playerId: autologinTokens.playerId });
  const player = used ? (await db.select().from(players).where(eq(players.id, used.playerId)))[0] : undefined;
  if (!player || signInRefused(player)) {
    await recordEvent(db, { type: 'autologin', outcome: 'failure', playerId: player?.id, meta });
    throw ApiError.of(ErrorCode.unauthorized, 'The sign-in link is not valid.');
  }
  const auth = await openSession(deps, player, { meta, fingerprint: input.fingerprint, method: 'autologin' });
  await recordEvent(db, {
    type: 'autologin',
    outcome: 'success',
    playerId: player.id,
    sessionId: auth.sessionId,
    meta,
  });
  return auth;
}
