import { randomBytes } from 'node:crypto';
import { PlayerChannel, PublicChannel, playerChannel, RealtimeEvent } from '@croupier/contracts';
import type { Centrifuge, ErrorContext, PublicationContext, SubscribedContext, UnsubscribedContext } from 'centrifuge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '../../src/modules/player/crypto.ts';
import { signJwt, verifyJwt } from '../../src/modules/player/sessions/jwt.ts';
import { enqueue } from '../../src/outbox/index.ts';
import { refreshCookieIn } from '../player/helpers.ts';
import { client, next, type RealtimeTestApp, rawSocket, startRealtimeApp } from './helpers.ts';

let t: RealtimeTestApp;
const clients: Centrifuge[] = [];
const open = (options: Parameters<typeof client>[1] = {}) => {
  const c = client(t.url, options);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  // A short grace: an unrefreshed connection is closed 1.5 s after its token expired.
  // A configured token key, so the test can mint tokens of other lifetimes (the module never shows its own).
  t = await startRealtimeApp(
    { JWT_SECRET: randomBytes(24).toString('hex') },
    { limits: { expiredGraceMs: 1500, onlineIntervalMs: 100 } },
  );
});
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});
afterAll(() => t.close());

const wallet = (id: string) => playerChannel(PlayerChannel.walletAccounts, id);
const credit = (playerId: string, amount = 5) =>
  t.call('POST', '/api/dev/wallet/credit', { body: { playerId, currency: 'EUR', amount } });

/** The same player's token with another lifetime (the session stays the same). */
function tokenExpiringIn(token: string, seconds: number): string {
  const secret = resolveJwtSecret(t.config);
  const check = verifyJwt(token, secret);
  if (!check.ok) throw new Error('bad token');
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ ...check.claims, iat: now - 60, nbf: now - 60, exp: now + seconds }, secret);
}

async function subscribed(c: Centrifuge, channel: string) {
  const sub = c.newSubscription(channel);
  const done = next<SubscribedContext>(sub, 'subscribed');
  sub.subscribe();
  await done;
  return sub;
}

/** A permanent subscribe error leaves the subscription unsubscribed with the error's code. */
async function refused(c: Centrifuge, channel: string) {
  const sub = c.newSubscription(channel);
  const unsubscribed = next<UnsubscribedContext>(sub, 'unsubscribed');
  sub.subscribe();
  return await unsubscribed;
}

describe('connecting and subscribing', () => {
  it('connects a player with the access token and subscribes to the own wallet channel', async () => {
    const player = await t.register();
    const c = open({ token: player.token });
    const connected = next(c, 'connected');
    c.connect();
    await connected;
    await subscribed(c, wallet(player.id));
  });

  it('refuses another player’s channel with permission denied', async () => {
    const [a, b] = [await t.register(), await t.register()];
    const c = open({ token: a.token });
    c.connect();
    expect(await refused(c, wallet(b.id))).toMatchObject({ code: 103 });
    expect(await refused(c, 'activity-board:boards#1')).toMatchObject({ code: 103 });
    expect(await refused(c, `unknown:namespace#${a.id}`)).toMatchObject({ code: 103 });
  });

  it('lets a guest subscribe to public channels only', async () => {
    const player = await t.register();
    const c = open();
    c.connect();
    const online = await subscribed(c, PublicChannel.online);
    expect(online.state).toBe('subscribed');
    await subscribed(c, PublicChannel.tournaments);
    await subscribed(c, 'tournaments:42');
    expect(await refused(c, wallet(player.id))).toMatchObject({ code: 103 });
  });

  it('refuses a token of a closed session as unauthorized, without reconnecting', async () => {
    const player = await t.register();
    expect((await t.call('POST', '/api/player/sessions/logout', { token: player.token })).status).toBe(200);
    const c = open({ token: player.token });
    const disconnected = next<{ code: number }>(c, 'disconnected');
    c.connect();
    expect((await disconnected).code).toBe(101);
    expect(c.state).toBe('disconnected');
  });

  it('refuses a forged token as unauthorized', async () => {
    const player = await t.register();
    const c = open({ token: `${player.token.slice(0, -4)}AAAA` });
    const disconnected = next<{ code: number }>(c, 'disconnected');
    c.connect();
    expect((await disconnected).code).toBe(101);
  });
});

describe('token expiry', () => {
  const refresher = (player: { token: string; refreshCookie: string }) => {
    let current = player.token;
    let cookie = player.refreshCookie;
    let calls = 0;
    return {
      get calls() {
        return calls;
      },
      async getToken() {
        calls++;
        const res = await t.call('POST', '/api/player/sessions/refresh', { token: current, cookie });
        current = res.json.data.accessToken;
        cookie = refreshCookieIn(res.headers);
        return current;
      },
    };
  };

  it('answers an expired token with 109, and the client connects with a refreshed one', async () => {
    const player = await t.register();
    const r = refresher(player);
    const c = open({ token: tokenExpiringIn(player.token, -5), getToken: () => r.getToken() });
    const error = next<ErrorContext>(c, 'error', (ctx) => ctx.type === 'connect');
    const connected = next(c, 'connected');
    c.connect();
    expect((await error).error.code).toBe(109);
    await connected;
    expect(r.calls).toBe(1);
  });

  it('tells the client when its token expires; the client refreshes and stays connected', async () => {
    const player = await t.register();
    const r = refresher(player);
    const c = open({ token: tokenExpiringIn(player.token, 2), getToken: () => r.getToken() });
    const states: string[] = [];
    c.on('state', (ctx) => states.push(ctx.newState));
    c.connect();
    const sub = await subscribed(c, wallet(player.id));
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(r.calls).toBe(1);
    // Still the same connection, past expiry + grace: the refresh command extended it.
    expect(states).toEqual(['connecting', 'connected']);
    const publication = next<PublicationContext>(sub, 'publication');
    await credit(player.id);
    expect((await publication).data).toMatchObject({ event: RealtimeEvent.accountBalanceUpdated });
  });

  it('disconnects a connection whose token expired without refresh with "connection expired"', async () => {
    const player = await t.register();
    const raw = await rawSocket(t.url);
    raw.command({ id: 1, connect: { token: tokenExpiringIn(player.token, 1), name: 'js' } });
    const reply = await raw.frame((f) => f.id === 1);
    expect(reply.connect).toMatchObject({ expires: true, ttl: 1, ping: 25, pong: true });
    expect(await raw.closed).toEqual({ code: 3005, reason: 'connection expired' });
  });

  it('refuses a refresh with another player’s token and ends the connection', async () => {
    const [a, b] = [await t.register(), await t.register()];
    const raw = await rawSocket(t.url);
    raw.command({ id: 1, connect: { token: a.token } });
    await raw.frame((f) => f.id === 1);
    raw.command({ id: 2, refresh: { token: b.token } });
    expect(await raw.frame((f) => f.id === 2)).toMatchObject({ error: { code: 101 } });
    expect((await raw.closed).code).toBe(3500);
  });
});

describe('publications', () => {
  it('delivers a committed wallet credit on the player channel, and nothing of a rolled-back transaction', async () => {
    const player = await t.register();
    const c = open({ token: player.token });
    c.connect();
    const sub = await subscribed(c, wallet(player.id));
    const received: unknown[] = [];
    sub.on('publication', (ctx) => received.push(ctx.data));

    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueue(tx, {
          channel: wallet(player.id),
          event: RealtimeEvent.accountBalanceUpdated,
          data: { event: RealtimeEvent.accountBalanceUpdated, rolledBack: true },
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const first = next<PublicationContext>(sub, 'publication');
    expect((await credit(player.id, 7)).status).toBe(200);
    await first;
    await t.app.outbox.drain();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([
      {
        event: RealtimeEvent.accountBalanceUpdated,
        account: expect.objectContaining({ currency: 'EUR', balance: 7, realBalance: 7 }),
      },
    ]);
  });

  it('publishes the online count of distinct logged-in players on global:online', async () => {
    const player = await t.register();
    // Earlier tests' players are gone and counted out first.
    while (t.app.realtime?.hub.localUserCount !== 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const guest = open();
    guest.connect();
    const sub = guest.newSubscription(PublicChannel.online);
    const counts: number[] = [];
    sub.on('publication', (ctx) => counts.push(ctx.data.count));
    const ready = next<SubscribedContext>(sub, 'subscribed');
    sub.subscribe();
    const start = (await ready).data?.count;
    expect(start).toBe(0);
    // Two connections of the same player count once.
    const first = open({ token: player.token });
    const second = open({ token: player.token });
    first.connect();
    second.connect();
    const up = next<PublicationContext>(sub, 'publication', (ctx) => ctx.data.count === 1);
    expect((await up).data).toEqual({ event: RealtimeEvent.onlineCount, count: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(counts).toEqual([1]);
    const down = next<PublicationContext>(sub, 'publication', (ctx) => ctx.data.count === 0);
    first.disconnect();
    second.disconnect();
    await down;
  });
});
