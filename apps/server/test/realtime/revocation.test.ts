import { randomBytes } from 'node:crypto';
import type { Centrifuge, DisconnectedContext } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, next, type RealtimeTestApp, redisPrefix, startRealtimeApp } from './helpers.ts';

// Issue 14 §4: closing a session ends its sockets at once, on every instance (docs/decisions/0033).

const redisUrl = process.env.TEST_REDIS_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Connects a player's socket and resolves once the server accepted it. */
async function connected(url: string, token: string): Promise<Centrifuge> {
  const c = client(url, { token });
  cleanups.push(async () => c.disconnect());
  const ready = next(c, 'connected');
  c.connect();
  await ready;
  return c;
}

/** Milliseconds from `action` until the socket is disconnected by the server (rejects after 1 s). */
async function disconnectedWithin(c: Centrifuge, action: () => Promise<unknown>): Promise<DisconnectedContext> {
  const gone = new Promise<DisconnectedContext>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected 1 s after the session closed')), 1000);
    c.once('disconnected', (ctx) => {
      clearTimeout(timer);
      resolve(ctx);
    });
  });
  const answer = (await action()) as { status?: number; json?: unknown } | undefined;
  if (answer?.status !== undefined && answer.status !== 200) throw new Error(JSON.stringify(answer.json));
  return gone;
}

describe('one instance', () => {
  let t: RealtimeTestApp;
  beforeAll(async () => {
    t = await startRealtimeApp();
  });
  afterAll(() => t.close());

  it('logout ends the session’s socket within 1 s, and not the other sessions’ sockets', async () => {
    const player = await t.register();
    const second = await t.call('POST', '/api/player/sessions', {
      body: { login: (await t.player.getProfile(player.id)).email, password: 'secret-pass-1', fingerprint: 'fp' },
    });
    expect(second.status).toBe(200);
    const mine = await connected(t.url, player.token);
    const other = await connected(t.url, second.json.data.accessToken);
    const ctx = await disconnectedWithin(mine, () =>
      t.call('POST', '/api/player/sessions/logout', { token: player.token }),
    );
    expect(ctx.code).toBe(3500);
    expect(other.state).toBe('connected');
  });

  it('closing a session from another device ends its socket within 1 s', async () => {
    const player = await t.register();
    const login = await t.call('POST', '/api/player/sessions', {
      body: { login: (await t.player.getProfile(player.id)).email, password: 'secret-pass-1', fingerprint: 'fp' },
    });
    const elsewhere = await connected(t.url, login.json.data.accessToken);
    await disconnectedWithin(elsewhere, () =>
      t.call('PUT', `/api/player/sessions/${login.json.data.sessionId}/close`, { token: player.token }),
    );
  });

  it('a password change ends the other sessions’ sockets', async () => {
    const player = await t.register();
    const email = (await t.player.getProfile(player.id)).email;
    const login = await t.call('POST', '/api/player/sessions', {
      body: { login: email, password: 'secret-pass-1', fingerprint: 'fp' },
    });
    const elsewhere = await connected(t.url, login.json.data.accessToken);
    const res = await disconnectedWithin(elsewhere, () =>
      t.call('PUT', '/api/player/passwords', {
        token: player.token,
        body: {
          currentPassword: 'secret-pass-1',
          newPassword: 'secret-pass-2',
          repeatNewPassword: 'secret-pass-2',
        },
      }),
    );
    expect(res.code).toBe(3500);
  });
});

describe.skipIf(!redisUrl)('two instances over Redis (skipped: set TEST_REDIS_URL to run)', () => {
  it('logout on instance A ends the socket on instance B within 1 s', async () => {
    const env = {
      REDIS_URL: redisUrl ?? '',
      REALTIME_REDIS_PREFIX: redisPrefix(),
      JWT_SECRET: randomBytes(24).toString('hex'),
    };
    const a = await startRealtimeApp(env);
    cleanups.push(() => a.close());
    const b = await startRealtimeApp(env, { database: a.database });
    cleanups.unshift(() => b.close());
    const player = await a.register();
    const onB = await connected(b.url, player.token);
    const ctx = await disconnectedWithin(onB, () =>
      a.call('POST', '/api/player/sessions/logout', { token: player.token }),
    );
    expect(ctx.code).toBe(3500);
  });
});
