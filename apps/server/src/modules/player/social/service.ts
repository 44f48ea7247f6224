import { randomBytes } from 'node:crypto';
import { ApiError, type Auth, ErrorCode } from '@croupier/contracts';
import { RestrictType } from '@croupier/contracts/reference/index';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Config, SocialConnectionConfig } from '../../../config.ts';
import { recordEvent } from '../audit.ts';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { socialSignIn, type VerifiedIdentity } from './players.ts';
import { socialLogins } from './schema.ts';

/** A started sign-in must come back within this long. */
const LOGIN_TTL_SECONDS = 10 * 60;
const MAX_CLIENT_STATE = 2000;
const NAME = /^[a-z0-9_-]{1,40}$/;

/**
 * The OIDC `state` value is the client's state JSON object with one key added, `loginId` (256 random bits):
 * `{"backRoute":"%2Fcasino","loginId":"…"}`. It is still the JSON the callback page reads backRoute from
 * (api-contract §3.1), and `loginId` finds the server-side row holding the PKCE verifier and nonce.
 */
export const LOGIN_ID_KEY = 'loginId';

/** A refused callback that is neither 11001 nor 11002: 422, code 3, `fields` naming what failed. */
const refused = (field: 'state' | 'connection' | 'error' | 'code', message: string) =>
  ApiError.of(ErrorCode.validation, message, { [field]: [message] }, 422);

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A same-site path (`/…`, never `//host` or `/\host`), the only kind of backRoute a page may follow. */
const isSitePath = (route: string) => /^\/(?![/\\])/.test(route);

/** Parses the client's `state` query (a JSON object, backRoute URI-encoded) of the redirect endpoint. */
function clientStateOf(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined || raw === '') return {};
  const bad = () => refused('state', 'state must be a JSON object like {"backRoute":"%2Fcasino"}.');
  if (raw.length > MAX_CLIENT_STATE) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw bad();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw bad();
  const state = parsed as Record<string, unknown>;
  if (state.backRoute !== undefined) {
    let route: string | undefined;
    try {
      route = typeof state.backRoute === 'string' ? decodeURIComponent(state.backRoute) : undefined;
    } catch {
      route = undefined;
    }
    if (route === undefined || !isSitePath(route)) {
      throw refused('state', 'backRoute must be a URI-encoded path of this site, like %2Fcasino.');
    }
  }
  return state;
}

/** What an OpenID Connect sign-in needs: the module's deps and each connection's provider configuration. */
export interface OidcSignIn {
  deps: PlayerDeps;
  configurationOf: (connection: SocialConnectionConfig) => Promise<oidc.Configuration>;
}

export interface SocialCallback {
  query: Record<string, string | string[]>;
  body: { connection: string; provider: string; locale?: string; fingerprint: string; affiliateTag?: string };
  meta: RequestMeta;
}

const connectionNamed = (config: Config, name: string) => config.socialConnections.find((c) => c.name === name);

async function providerOf({ deps, configurationOf }: OidcSignIn, connection: SocialConnectionConfig) {
  try {
    return await configurationOf(connection);
  } catch (error) {
    deps.log.error({ err: error, connection: connection.name }, 'OpenID provider discovery failed');
    throw ApiError.of(ErrorCode.internal, 'The sign-in provider cannot be reached. Try again later.', {}, 502);
  }
}

/** The provider's authorization URL for a new sign-in (the redirect endpoint answers 302 to it). */
export async function startSocialLogin(
  signIn: OidcSignIn,
  { connection: name, state, upstreamConnection }: { connection: string; state?: string; upstreamConnection?: string },
): Promise<URL> {
  const { config, db } = signIn.deps;
  const connection = connectionNamed(config, name);
  if (!connection) throw ApiError.of(ErrorCode.notFound, 'No such sign-in provider.');
  // /social/auth0/redirect?connection=google-oauth2: Auth0 picks its upstream connection, and the
  // provider returns to that connection's callback route (api-contract §3.4).
  let routeConnection = name;
  if (upstreamConnection !== undefined) {
    if (name !== 'auth0') throw refused('connection', 'connection is only accepted by the auth0 redirect.');
    if (!NAME.test(upstreamConnection)) throw refused('connection', 'connection must be a connection name.');
    routeConnection = upstreamConnection;
  }
  const client = clientStateOf(state);
  const provider = await providerOf(signIn, connection);
  const loginId = randomBytes(32).toString('base64url');
  const oidcState = JSON.stringify({ ...client, [LOGIN_ID_KEY]: loginId });
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const redirectUri = `${config.publicUrl}/auth/social/${routeConnection}/callback`;
  // Finished and abandoned sign-ins are kept an hour (so a late callback is told "expired"), then dropped.
  await db.delete(socialLogins).where(lt(socialLogins.expiresAt, sql`now() - interval '1 hour'`));
  await db.insert(socialLogins).values({
    id: loginId,
    connection: name,
    routeConnection,
    state: oidcState,
    codeVerifier,
    nonce,
    redirectUri,
    expiresAt: new Date(Date.now() + LOGIN_TTL_SECONDS * 1000),
  });
  return oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: connection.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    nonce,
    state: oidcState,
    ...(upstreamConnection !== undefined ? { connection: upstreamConnection } : {}),
  });
}

type Fail = (error: ApiError, detail: string) => Promise<ApiError>;
type SocialLogin = typeof socialLogins.$inferSelect;

/** Completes a sign-in from the callback query: exchanges the code and answers Auth. */
export async function completeSocialLogin(signIn: OidcSignIn, { query, body, meta }: SocialCallback): Promise<Auth> {
  const { deps } = signIn;
  const fail: Fail = async (error, detail) => {
    await recordEvent(deps.db, {
      type: 'login',
      outcome: 'failure',
      detail: `social ${body.connection}: ${detail}`,
      meta,
    });
    return error;
  };
  const login = await claimLogin(deps, one(query.state), fail);
  if (body.connection !== login.routeConnection) {
    throw await fail(refused('connection', 'connection does not match the callback route.'), 'connection mismatch');
  }
  const providerError = one(query.error);
  if (providerError !== undefined) {
    const description = one(query.error_description);
    throw await fail(
      refused('error', `The provider refused the sign-in (${providerError}${description ? `: ${description}` : ''}).`),
      `provider error ${providerError}`,
    );
  }
  const restrict = deps.settings.restrictionOf(meta.country);
  if (restrict === RestrictType.geoBlocked || restrict === RestrictType.authBlocked) {
    throw ApiError.of(ErrorCode.forbidden, 'Sign-in is not available in your country.');
  }
  const connection = connectionNamed(deps.config, login.connection);
  if (!connection) throw await fail(refused('connection', 'This sign-in provider is gone.'), 'connection removed');
  const identity = await identityOf(signIn, connection, login, query, fail);
  return socialSignIn(deps, {
    connection: connection.name,
    identity,
    fingerprint: body.fingerprint,
    locale: body.locale,
    affiliateTag: body.affiliateTag,
    meta,
  });
}

/**
 * Claims the started sign-in the callback's state names, once, before anything else, and only with the exact
 * state sent: a replayed callback finds nothing, and an altered one does not spend the genuine sign-in.
 */
async function claimLogin(deps: PlayerDeps, state: string | undefined, fail: Fail): Promise<SocialLogin> {
  let loginId: unknown;
  try {
    loginId = state ? (JSON.parse(state) as Record<string, unknown>)[LOGIN_ID_KEY] : undefined;
  } catch {
    loginId = undefined;
  }
  if (typeof loginId !== 'string' || loginId.length > 100) {
    throw await fail(refused('state', 'The sign-in state is missing or not valid. Start again.'), 'bad state');
  }
  const [login] = await deps.db
    .update(socialLogins)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(socialLogins.id, loginId),
        eq(socialLogins.state, state!),
        isNull(socialLogins.usedAt),
        gt(socialLogins.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (login) return login;
  const [known] = await deps.db
    .select({ state: socialLogins.state })
    .from(socialLogins)
    .where(eq(socialLogins.id, loginId));
  throw known && known.state !== state
    ? await fail(refused('state', 'The sign-in state was altered. Start again.'), 'state altered')
    : await fail(
        refused('state', 'This sign-in has expired or was already used. Start again.'),
        'unknown, used or expired state',
      );
}

/** Exchanges the callback's code (PKCE, nonce, state) and reads who the provider vouches for. */
async function identityOf(
  signIn: OidcSignIn,
  connection: SocialConnectionConfig,
  login: SocialLogin,
  query: SocialCallback['query'],
  fail: Fail,
): Promise<VerifiedIdentity> {
  const { log } = signIn.deps;
  const provider = await providerOf(signIn, connection);
  const callback = new URL(login.redirectUri);
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) callback.searchParams.append(key, v);
  }
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(provider, callback, {
      pkceCodeVerifier: login.codeVerifier,
      expectedNonce: login.nonce,
      expectedState: login.state,
      idTokenExpected: true,
    });
  } catch (error) {
    log.warn({ err: error, connection: connection.name }, 'social sign-in: code exchange failed');
    const reason = error instanceof Error ? error.message : 'unknown error';
    throw await fail(refused('code', 'The provider did not accept this sign-in. Start again.'), reason);
  }
  const claims = tokens.claims()!;
  let email = typeof claims.email === 'string' ? claims.email : undefined;
  let verified = claims.email_verified;
  // Providers that keep the e-mail out of the ID token answer it at userinfo.
  if ((email === undefined || verified === undefined) && provider.serverMetadata().userinfo_endpoint) {
    try {
      const info = await oidc.fetchUserInfo(provider, tokens.access_token, claims.sub);
      email ??= typeof info.email === 'string' ? info.email : undefined;
      verified ??= info.email_verified;
    } catch (error) {
      log.warn({ err: error, connection: connection.name }, 'social sign-in: userinfo failed');
    }
  }
  const normalized = email?.trim().toLowerCase() || null;
  return {
    issuer: provider.serverMetadata().issuer,
    subject: claims.sub,
    email: normalized && normalized.length <= 254 ? normalized : null,
    // Some providers send the string "true".
    emailVerified: verified === true || verified === 'true',
  };
}
