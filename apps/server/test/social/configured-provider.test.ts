import type { AddressInfo } from 'node:net';
import { Auth, ErrorEnvelope } from '@croupier/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { devOidcProvider } from '../../src/dev/oidc-provider/index.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { browserFor, PUBLIC_URL } from './browser.ts';

/**
 * Providers configured by SOCIAL_* variables, as in production: a separate identity provider (the local one
 * mounted on its own server) with a confidential client, every back-channel call over real HTTP.
 */
let idp: FastifyInstance;
let issuer: string;
let t: TestApp;
let browser: Awaited<ReturnType<typeof browserFor>>;
const secret = 'acme-client-secret-0123456789';

beforeAll(async () => {
  idp = Fastify();
  await idp.register(devOidcProvider, {
    prefix: '/idp',
    issuer: () => issuer,
    clients: [
      {
        clientId: 'casino',
        clientSecret: secret,
        redirectUriAllowed: (u) => u.startsWith(`${PUBLIC_URL}/auth/social/`),
      },
    ],
  });
  await idp.register(devOidcProvider, {
    prefix: '/lean',
    issuer: () => issuer.replace(/\/idp$/, '/lean'),
    clients: [{ clientId: 'casino', redirectUriAllowed: (u) => u.startsWith(`${PUBLIC_URL}/auth/social/`) }],
    claimsAtUserinfoOnly: true,
  });
  await idp.listen({ host: '127.0.0.1', port: 0 });
  issuer = `http://127.0.0.1:${(idp.server.address() as AddressInfo).port}/idp`;
  t = await createTestApp({
    PUBLIC_URL,
    DEV_OIDC_PROVIDER: 'false',
    SOCIAL_PROVIDERS: 'acme, auth0,wrong-secret,lean',
    SOCIAL_ACME_ISSUER: issuer,
    SOCIAL_ACME_CLIENT_ID: 'casino',
    SOCIAL_ACME_CLIENT_SECRET: secret,
    SOCIAL_AUTH0_ISSUER: issuer,
    SOCIAL_AUTH0_CLIENT_ID: 'casino',
    SOCIAL_AUTH0_CLIENT_SECRET: secret,
    SOCIAL_AUTH0_SCOPES: 'openid email',
    SOCIAL_WRONG_SECRET_ISSUER: issuer,
    SOCIAL_WRONG_SECRET_CLIENT_ID: 'casino',
    SOCIAL_WRONG_SECRET_CLIENT_SECRET: 'not-the-secret',
    // A public client: PKCE alone.
    SOCIAL_LEAN_ISSUER: issuer.replace(/\/idp$/, '/lean'),
    SOCIAL_LEAN_CLIENT_ID: 'casino',
  });
  browser = await browserFor(t.app);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const verified = (email: string) => ({ identity: 'typed', email, email_verified: 'true' });

describe(`social sign-in with configured providers (${databaseKind})`, () => {
  it('lists the configured connections and mounts no local provider', async () => {
    const res = await t.request({ method: 'GET', url: '/api/settings/constants' });
    expect(res.json.data.player.socialAuth).toEqual(['acme', 'auth0', 'wrong-secret', 'lean']);
    expect((await t.request({ method: 'GET', url: '/dev/oidc/.well-known/openid-configuration' })).status).toBe(404);
  });

  it('signs in through a confidential client, discovery, token and JWKS over HTTP', async () => {
    const first = await browser.signIn(verified('acme@example.com'), { connection: 'acme' });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(Auth.parse(first.json.data).profile.isNewlyRegistered).toBe(true);
    const second = await browser.signIn(verified('acme@example.com'), { connection: 'acme' });
    expect(second.json.data.profile.id).toBe(first.json.data.profile.id);
  });

  it("passes the auth0 connection upstream and returns to that connection's callback route", async () => {
    const ip = browser.nextIp();
    const authorize = await browser.start({ ip, connection: 'auth0', query: { connection: 'google-oauth2' } });
    expect(authorize.searchParams.get('connection')).toBe('google-oauth2');
    expect(authorize.searchParams.get('scope')).toBe('openid email');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/social/google-oauth2/callback`);
    const callback = await browser.signInAtProvider(authorize, verified('auth0@example.com'), ip);
    expect(callback.pathname).toBe('/auth/social/google-oauth2/callback');
    const res = await browser.complete(callback, ip);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.profile.email).toBe('auth0@example.com');
  });

  it('reads the e-mail at userinfo when the ID token leaves it out (public client)', async () => {
    const res = await browser.signIn(verified('lean@example.com'), { connection: 'lean' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.profile).toMatchObject({ email: 'lean@example.com', isNewlyRegistered: true });
    const unverified = await browser.signIn({ identity: 'unverified' }, { connection: 'lean' });
    expect(ErrorEnvelope.parse(unverified.json).error.code).toBe(11001);
  });

  it('answers 422 (not 11001/11002) when the provider refuses the client', async () => {
    const res = await browser.signIn(verified('secret@example.com'), { connection: 'wrong-secret' });
    expect(res.status).toBe(422);
    expect(ErrorEnvelope.parse(res.json).error.code).toBe(3);
    expect(res.json.error.fields.code).toBeDefined();
  });
});

describe('social configuration', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });

  it('names the missing or bad variable of a connection', () => {
    expect(load({ SOCIAL_PROVIDERS: 'google' })).toThrow(/SOCIAL_GOOGLE_ISSUER[\s\S]*SOCIAL_GOOGLE_CLIENT_ID/);
    expect(load({ SOCIAL_PROVIDERS: 'Google' })).toThrow(/SOCIAL_PROVIDERS/);
    expect(
      load({
        SOCIAL_PROVIDERS: 'my-idp',
        SOCIAL_MY_IDP_ISSUER: 'https://id.example',
        SOCIAL_MY_IDP_CLIENT_ID: 'c',
        SOCIAL_MY_IDP_SCOPES: 'email',
      }),
    ).toThrow(/SOCIAL_MY_IDP_SCOPES: must include openid/);
    expect(
      load({
        NODE_ENV: 'production',
        SOCIAL_PROVIDERS: 'a',
        SOCIAL_A_ISSUER: 'http://id.example',
        SOCIAL_A_CLIENT_ID: 'c',
      }),
    ).toThrow(/SOCIAL_A_ISSUER: must be https/);
    expect(load({ DEV_OIDC_PROVIDER: 'maybe' })).toThrow(ConfigError);
  });

  it('uses the local provider outside production only, and only when nothing is configured', () => {
    expect(load({})()).toMatchObject({
      devOidcProvider: true,
      socialConnections: [
        { name: 'croupier-id', issuer: 'http://localhost:3000/dev/oidc', clientId: 'croupier-dev', local: true },
      ],
    });
    expect(load({ NODE_ENV: 'production' })()).toMatchObject({ devOidcProvider: false, socialConnections: [] });
    // npm start runs in production: a local demo or the e2e run asks for it explicitly.
    expect(load({ NODE_ENV: 'production', DEV_OIDC_PROVIDER: 'true' })()).toMatchObject({
      devOidcProvider: true,
      socialConnections: [{ name: 'croupier-id', local: true }],
    });
    const configured = load({
      SOCIAL_PROVIDERS: 'g',
      SOCIAL_G_ISSUER: 'https://accounts.example/',
      SOCIAL_G_CLIENT_ID: 'id',
    })();
    expect(configured.devOidcProvider).toBe(true);
    expect(configured.socialConnections).toEqual([
      { name: 'g', issuer: 'https://accounts.example/', clientId: 'id', scopes: 'openid email profile', local: false },
    ]);
  });
});
