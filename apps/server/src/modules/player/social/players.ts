import { ApiError, type Auth, ErrorCode } from '@croupier/contracts';
import { baseCurrencyCode, currencies, isLocaleCode } from '@croupier/contracts/reference/index';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { countriesOf } from '../accounts/deps.ts';
import { recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { hashPassword, randomCode } from '../crypto.ts';
import { emitRegistered, reportRegistration } from '../events.ts';
import type { PlayerRow } from '../profile.ts';
import { players } from '../schema.ts';
import { closeAllSessions, notifySessionsClosed, openSession } from '../sessions/sessions.ts';
import { signInRefused } from '../sign-in-refused.ts';
import { socialIdentities } from './schema.ts';

/** What the provider vouched for, after the code exchange. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  /** Lower-case; null when the provider gave none. */
  email: string | null;
  emailVerified: boolean;
}

export interface SocialSignIn {
  connection: string;
  identity: VerifiedIdentity;
  fingerprint: string;
  locale?: string;
  affiliateTag?: string;
  meta: RequestMeta;
  /** The provider never gives an e-mail (Telegram): an unlinked identity creates a player without one. */
  withoutEmail?: boolean;
}

const enabledCurrencies = new Set(currencies.filter((c) => c.isEnabled).map((c) => c.code));

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e?.cause ?? e)?.code === '23505';
};

/**
 * Finds or creates the player of a verified provider identity and opens a session, answering like a
 * login: by the (issuer, subject) link first, then by the verified e-mail (which links it), else a new
 * player (isNewlyRegistered). 11001 without a verified e-mail, 11002 for a blocked player. One retry when a
 * concurrent sign-in of the same identity or e-mail created the row first.
 */
export async function socialSignIn(deps: PlayerDeps, input: SocialSignIn): Promise<Auth> {
  try {
    return await attempt(deps, input);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return attempt(deps, input);
  }
}

async function attempt(deps: PlayerDeps, input: SocialSignIn): Promise<Auth> {
  const linked = await byLink(deps, input);
  if (linked) return linked;
  const { email, emailVerified } = input.identity;
  // No e-mail to match by: the identity is the account (decision 0069).
  if (input.withoutEmail) return create(deps, input, null);
  if (!email || !emailVerified) {
    await audit(deps, {
      type: 'login',
      outcome: 'refused',
      identity: email,
      detail: `social ${input.connection}: ${email ? 'e-mail not verified' : 'no e-mail'}`,
      meta: input.meta,
    });
    throw ApiError.of(
      ErrorCode.socialEmailProblem,
      email
        ? 'The provider has not verified this e-mail address. Verify it there, or sign in with your password.'
        : 'The provider did not share an e-mail address. Allow it, or sign in with your password.',
      {},
      422,
    );
  }
  return (await byEmail(deps, input, email)) ?? (await create(deps, input, email));
}

const audit = (deps: PlayerDeps, event: Parameters<typeof recordEvent>[1]) =>
  recordEvent(deps.db, event, (error) => deps.log.error({ err: error }, 'audit write failed'));

async function blocked(deps: PlayerDeps, input: SocialSignIn, player: PlayerRow) {
  await audit(deps, {
    type: 'login',
    outcome: 'refused',
    playerId: player.id,
    identity: input.identity.email,
    detail: `social ${input.connection}: blocked`,
    meta: input.meta,
  });
  return ApiError.of(ErrorCode.socialAccountBlocked, 'This account is blocked.', {}, 403);
}

async function loggedIn(deps: PlayerDeps, input: SocialSignIn, auth: Auth, detail: string) {
  await audit(deps, {
    type: 'login',
    outcome: 'success',
    playerId: auth.profile.id,
    sessionId: auth.sessionId,
    identity: input.identity.email,
    detail: `social ${input.connection}${detail}`,
    meta: input.meta,
  });
  return auth;
}

const sessionInput = (input: SocialSignIn, isNewlyRegistered = false) => ({
  meta: input.meta,
  fingerprint: input.fingerprint,
  method: `social:${input.connection}`,
  isNewlyRegistered,
});

const link = (input: SocialSignIn, email: string | null) => ({
  issuer: input.identity.issuer,
  subject: input.identity.subject,
  connection: input.connection,
  email,
});

async function byLink(deps: PlayerDeps, input: SocialSignIn): Promise<Auth | null> {
  const { db } = deps;
  const { issuer, subject, email, emailVerified } = input.identity;
  const [linked] = await db
    .select({ player: players, linkId: socialIdentities.id })
    .from(socialIdentities)
    .innerJoin(players, eq(players.id, socialIdentities.playerId))
    .where(and(eq(socialIdentities.issuer, issuer), eq(socialIdentities.subject, subject)));
  if (!linked) return null;
  if (signInRefused(linked.player)) throw await blocked(deps, input, linked.player);
  await db
    .update(socialIdentities)
    .set({ lastLoginAt: sql`now()`, ...(email && emailVerified ? { email } : {}) })
    .where(eq(socialIdentities.id, linked.linkId));
  return loggedIn(deps, input, await openSession(deps, linked.player, sessionInput(input)), '');
}

async function byEmail(deps: PlayerDeps, input: SocialSignIn, email: string): Promise<Auth | null> {
  const [player] = await deps.db.select().from(players).where(eq(players.email, email));
  if (!player) return null;
  if (signInRefused(player)) throw await blocked(deps, input, player);
  // An address nobody had proved: whoever set the password may not own it (account pre-hijacking).
  // The provider has proved it now, so that password and its sessions go; the owner can reset it.
  const unproved = player.confirmedAt === null;
  const replacement = unproved ? await hashPassword(randomCode()) : null;
  let closed: string[] = [];
  const auth = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .insert(socialIdentities)
      .values({ playerId: player.id, ...link(input, email) })
      .onConflictDoNothing();
    let row = player;
    if (replacement) {
      closed = await closeAllSessions(tx, player.id, 'social_link');
      [row] = (await tx
        .update(players)
        .set({ confirmedAt: sql`now()`, passwordHash: replacement, updatedAt: sql`now()` })
        .where(eq(players.id, player.id))
        .returning()) as [PlayerRow];
    }
    return openSession(deps, row, sessionInput(input), tx);
  });
  notifySessionsClosed(deps, closed);
  return loggedIn(deps, input, auth, unproved ? ' (linked; e-mail confirmed, password cleared)' : ' (linked)');
}

/** A new player for the identity: the visitor's open country and its currency, no usable password. */
async function create(deps: PlayerDeps, input: SocialSignIn, email: string | null): Promise<Auth> {
  const { meta } = input;
  const countries = countriesOf(deps.settings);
  const visitorCountry = meta.country ? countries.get(meta.country) : undefined;
  const country = visitorCountry && !visitorCountry.restrict ? visitorCountry.code : null;
  const countryCurrency = country ? countries.get(country)?.currency : undefined;
  const currency = countryCurrency && enabledCurrencies.has(countryCurrency) ? countryCurrency : baseCurrencyCode;
  const locale = input.locale?.toLowerCase();
  // No password: the player signs in through the provider, or sets one by "forgot password".
  const passwordHash = await hashPassword(randomCode());
  const auth = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [created] = await tx
      .insert(players)
      .values({
        email,
        confirmedAt: email ? sql`now()` : null,
        passwordHash,
        currency,
        country,
        locale: locale && isLocaleCode(locale) ? locale : null,
        affiliateTag: input.affiliateTag || null,
        fingerprint: input.fingerprint || null,
        registrationIp: meta.ip,
        registrationCountry: meta.country,
      })
      .returning();
    await reportRegistration(tx, created!);
    await tx.insert(socialIdentities).values({ playerId: created!.id, ...link(input, email) });
    return openSession(deps, created!, sessionInput(input, true), tx);
  });
  await audit(deps, {
    type: 'registration',
    outcome: 'success',
    playerId: auth.profile.id,
    sessionId: auth.sessionId,
    identity: email,
    detail: `social ${input.connection}`,
    meta,
  });
  await emitRegistered(deps, {
    playerId: auth.profile.id,
    currency,
    country,
    method: 'email',
    affiliateTag: input.affiliateTag || null,
    referralCode: null,
    profile: auth.profile,
  });
  return auth;
}
