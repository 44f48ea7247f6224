import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { type Config, DEV_OIDC } from '../../config.ts';
import { type DevIdentity, demoIdentities, identityOf } from './identities.ts';
import { errorPage, loginPage } from './page.ts';

/**
 * A minimal OpenID Connect provider for development and tests (docs/decisions/0011-social-login.md):
 * discovery, an authorization endpoint with a login form (authorization code flow, PKCE S256 required),
 * a token endpoint, userinfo and JWKS. State lives in memory and the signing key is made at start, so a
 * restart forgets pending codes. Anyone can sign in as anyone: never mount it in production.
 */

export interface DevOidcClient {
  clientId: string;
  /** Absent: a public client, authenticated by PKCE alone (token_endpoint_auth_method none). */
  clientSecret?: string;
  redirectUriAllowed(uri: string): boolean;
}

export interface DevOidcOptions {
  /** The issuer identifier: the public URL this plugin is mounted at (no trailing slash). */
  issuer: () => string;
  clients: DevOidcClient[];
  /** Release e-mail and name at userinfo only, keeping the ID token to sub (as some providers do). */
  claimsAtUserinfoOnly?: boolean;
  /** Log a warning at start: on in production, this provider lets anyone sign in as anyone. */
  warnInProduction?: boolean;
}

interface AuthorizationRequest {
  client: DevOidcClient;
  redirectUri: string;
  state: string | undefined;
  nonce: string | undefined;
  scopes: string[];
  codeChallenge: string;
  expiresAt: number;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  scopes: string[];
  identity: DevIdentity;
  authTime: number;
  expiresAt: number;
}

const AUTH_REQUEST_TTL = 10 * 60_000;
const CODE_TTL = 60_000;
const TOKEN_TTL = 10 * 60_000;
const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

const random = () => randomBytes(32).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
const one = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;

/** A map whose entries expire; expired entries are dropped as new ones arrive. */
class Expiring<V extends { expiresAt: number }> {
  private readonly entries = new Map<string, V>();
  set(key: string, value: V) {
    const now = Date.now();
    for (const [k, v] of this.entries) if (v.expiresAt <= now) this.entries.delete(k);
    this.entries.set(key, value);
  }
  /** Removes and returns a live entry: each key is usable once. */
  take(key: string | undefined): V | undefined {
    if (!key) return undefined;
    const value = this.entries.get(key);
    this.entries.delete(key);
    return value && value.expiresAt > Date.now() ? value : undefined;
  }
  get(key: string | undefined): V | undefined {
    const value = key ? this.entries.get(key) : undefined;
    return value && value.expiresAt > Date.now() ? value : undefined;
  }
}

/** The provider as the app mounts it (DEV_OIDC_PROVIDER): one public client returning to this site's callbacks. */
export function localProviderOptions(config: Config): DevOidcOptions & { prefix: string } {
  const callbacks = `${config.publicUrl}/auth/social/`;
  return {
    prefix: DEV_OIDC.path,
    warnInProduction: config.NODE_ENV === 'production',
    issuer: () => `${config.publicUrl}${DEV_OIDC.path}`,
    clients: [
      {
        clientId: DEV_OIDC.clientId,
        redirectUriAllowed: (uri) =>
          uri.startsWith(callbacks) && /^[a-z0-9_-]{1,40}\/callback$/.test(uri.slice(callbacks.length)),
      },
    ],
  };
}

export async function devOidcProvider(app: FastifyInstance, options: DevOidcOptions): Promise<void> {
  if (options.warnInProduction) {
    app.log.warn(`DEV_OIDC_PROVIDER is on in production: anyone can sign in as any e-mail at ${options.issuer()}`);
  }
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = random().slice(0, 16);
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const requests = new Expiring<AuthorizationRequest>();
  const codes = new Expiring<Grant>();
  const accessTokens = new Expiring<Grant>();
  const clientOf = (id: string | undefined) => options.clients.find((c) => c.clientId === id);

  // Forms and token requests are application/x-www-form-urlencoded (only inside this plugin).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('pragma', 'no-cache');
  });

  const html = (reply: FastifyReply, status: number, body: string, formAction = "'self'") =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
      )
      .header('x-frame-options', 'DENY')
      .send(body);

  /** An authorization response (RFC 6749 §4.1.2, with RFC 9207 `iss`), sent by 303 to the client. */
  const respond = (reply: FastifyReply, redirectUri: string, params: Record<string, string | undefined>) => {
    const url = new URL(redirectUri);
    for (const [key, value] of Object.entries({ ...params, iss: options.issuer() })) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    return reply.status(303).header('location', url.toString()).send();
  };

  const tokenError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.status(status).send({ error, error_description: description });

  app.get('/.well-known/openid-configuration', async () => {
    const issuer = options.issuer();
    return {
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
      scopes_supported: ['openid', 'email', 'profile'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'email', 'email_verified', 'name'],
      authorization_response_iss_parameter_supported: true,
    };
  });

  app.get('/jwks', async () => ({ keys: [jwk] }));

  app.get('/auth', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const client = clientOf(one(q.client_id));
    const redirectUri = one(q.redirect_uri);
    // Without a known client and one of its redirect URIs nothing may be sent anywhere (RFC 6749 §4.1.2.1).
    if (!client) return html(reply, 400, errorPage('invalid_client', 'Unknown client_id.'));
    if (!redirectUri || !URL.canParse(redirectUri) || !client.redirectUriAllowed(redirectUri)) {
      return html(reply, 400, errorPage('invalid_request', 'redirect_uri is missing or not registered.'));
    }
    const state = one(q.state);
    const fail = (error: string, description: string) =>
      respond(reply, redirectUri, { error, error_description: description, state });
    if (one(q.response_type) !== 'code') return fail('unsupported_response_type', 'Only response_type=code.');
    const scopes = (one(q.scope) ?? '').split(' ').filter(Boolean);
    if (!scopes.includes('openid')) return fail('invalid_scope', 'The openid scope is required.');
    const codeChallenge = one(q.code_challenge);
    if (!codeChallenge || one(q.code_challenge_method) !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) {
      return fail('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256.');
    }
    if (one(q.prompt)?.split(' ').includes('none')) return fail('login_required', 'There is no session here.');
    const uid = random();
    requests.set(uid, {
      client,
      redirectUri,
      state,
      nonce: one(q.nonce),
      scopes,
      codeChallenge,
      expiresAt: Date.now() + AUTH_REQUEST_TTL,
    });
    return html(
      reply,
      200,
      loginPage({ uid, clientId: client.clientId, redirectUri }),
      `'self' ${new URL(redirectUri).origin}`,
    );
  });

  app.post('/auth', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const pending = requests.take(one(body.uid));
    if (!pending) return html(reply, 400, errorPage('invalid_request', 'This sign-in has expired. Start again.'));
    const choice = one(body.identity);
    if (choice === 'cancel') {
      return respond(reply, pending.redirectUri, {
        error: 'access_denied',
        error_description: 'The user cancelled.',
        state: pending.state,
      });
    }
    let identity: DevIdentity | undefined;
    if (choice === 'typed') {
      const email = one(body.email)?.trim() ?? '';
      if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
        return html(reply, 400, errorPage('invalid_request', 'Type an e-mail address.'));
      }
      identity = identityOf(email, one(body.email_verified) === 'true');
    } else {
      identity = demoIdentities.find((i) => i.key === choice);
    }
    if (!identity) return html(reply, 400, errorPage('invalid_request', 'Choose an identity.'));
    const code = random();
    codes.set(code, {
      clientId: pending.client.clientId,
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
      nonce: pending.nonce,
      scopes: pending.scopes,
      identity: {
        sub: identity.sub,
        email: identity.email,
        emailVerified: identity.emailVerified,
        name: identity.name,
      },
      authTime: Math.floor(Date.now() / 1000),
      expiresAt: Date.now() + CODE_TTL,
    });
    return respond(reply, pending.redirectUri, { code, state: pending.state });
  });

  /** The client of a token request: HTTP Basic (RFC 6749 §2.3.1) or client_id [+ client_secret] in the body. */
  const authenticateClient = (request: FastifyRequest, body: Record<string, unknown>) => {
    const basic = request.headers.authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
    let id: string | undefined;
    let secret: string | undefined;
    if (basic) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return null;
      id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    } else {
      id = one(body.client_id);
      secret = one(body.client_secret);
    }
    const client = clientOf(id);
    if (!client) return null;
    if (client.clientSecret === undefined) return secret ? null : client;
    return secret !== undefined && sameText(secret, client.clientSecret) ? client : null;
  };

  app.post('/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const client = authenticateClient(request, body);
    if (!client) {
      if (request.headers.authorization) reply.header('www-authenticate', 'Basic realm="croupier-dev"');
      return tokenError(reply, 401, 'invalid_client', 'Client authentication failed.');
    }
    if (one(body.grant_type) !== 'authorization_code') {
      return tokenError(reply, 400, 'unsupported_grant_type', 'Only authorization_code.');
    }
    // A code is spent by its first presentation, right or wrong (RFC 6749 §4.1.2).
    const grant = codes.take(one(body.code));
    if (!grant || grant.clientId !== client.clientId) {
      return tokenError(reply, 400, 'invalid_grant', 'The code is not valid, has expired or was already used.');
    }
    if (one(body.redirect_uri) !== grant.redirectUri) {
      return tokenError(reply, 400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
    }
    const verifier = one(body.code_verifier);
    if (!verifier || !PKCE_VERIFIER.test(verifier) || !sameText(s256(verifier), grant.codeChallenge)) {
      return tokenError(reply, 400, 'invalid_grant', 'PKCE verification failed.');
    }
    const now = Math.floor(Date.now() / 1000);
    const accessToken = random();
    accessTokens.set(accessToken, { ...grant, expiresAt: Date.now() + TOKEN_TTL });
    const idToken = await new SignJWT({
      ...(options.claimsAtUserinfoOnly ? {} : claimsOf(grant)),
      auth_time: grant.authTime,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(options.issuer())
      .setSubject(grant.identity.sub)
      .setAudience(client.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_TTL / 1000)
      .sign(privateKey);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL / 1000,
      scope: grant.scopes.join(' '),
      id_token: idToken,
    };
  });

  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const grant = accessTokens.get(token);
    if (!grant) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ error: 'invalid_token', error_description: 'The access token is not valid.' });
    }
    return { sub: grant.identity.sub, ...claimsOf(grant) };
  };
  app.get('/userinfo', userinfo);
  app.post('/userinfo', userinfo);
}

/** The claims the granted scopes release (OpenID Connect Core §5.4). */
function claimsOf(grant: Grant): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  if (grant.scopes.includes('email') && grant.identity.email) {
    claims.email = grant.identity.email;
    claims.email_verified = grant.identity.emailVerified;
  }
  if (grant.scopes.includes('profile')) claims.name = grant.identity.name;
  return claims;
}
