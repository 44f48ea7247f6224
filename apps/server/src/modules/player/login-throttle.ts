import { ApiError, ErrorCode } from '@croupier/contracts';
import { PlayerStatus } from '@croupier/contracts/reference/index';
import { eq, or } from 'drizzle-orm';
import { countRecent, recordEvent } from './audit.ts';
import type { PlayerDeps, RequestMeta } from './context.ts';
import { limits } from './limits.ts';
import { mail } from './mail.ts';
import { players } from './schema.ts';

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
  deps: PlayerDeps,
  identity: string,
  meta: RequestMeta,
  mintLink: MintLink,
): Promise<void> {
  const { db } = deps;
  const failures = (ip: string | undefined, seconds: number) =>
    countRecent(db, { identity, ip, type: 'login', outcome: 'failure' }, seconds);
  const { loginFailuresPerPair: pair, loginFailuresPerIdentity: ceiling } = limits;
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
async function sendSignInLink(deps: PlayerDeps, identity: string, mintLink: MintLink): Promise<void> {
  const [owner] = await deps.db
    .select({ id: players.id, email: players.email, status: players.status })
    .from(players)
    .where(or(eq(players.email, identity), eq(players.phone, identity)));
  if (!owner?.email || owner.status === PlayerStatus.blocked) return;
  const sent = await countRecent(
    deps.db,
    { playerId: owner.id, type: 'signin_link_sent' },
    limits.loginFailuresPerIdentity.seconds,
  );
  if (sent > 0) return;
  // Written first: two refusals at the same moment may both see none sent; one extra e-mail is harmless.
  await recordEvent(deps.db, { type: 'signin_link_sent', outcome: 'success', playerId: owner.id, identity });
  const { token } = await mintLink(owner.id, limits.underAttackLinkTtlSeconds);
  mail.underAttack(deps, owner.email, `${deps.config.publicUrl}/auth/autologin?state=${token}`);
}
