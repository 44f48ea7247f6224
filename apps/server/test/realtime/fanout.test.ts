import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { PlayerChannel, PublicChannel, playerChannel, RealtimeEvent } from '@croupier/contracts';
import type { PublicationContext, SubscribedContext } from 'centrifuge';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { outboxEvents } from '../../src/outbox/index.ts';
import { client, next, type RealtimeTestApp, redisPrefix, startRealtimeApp } from './helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!redisUrl)('Redis fan-out between two instances (skipped: set TEST_REDIS_URL to run)', () => {
  it('delivers an event committed on instance A to a client of instance B, in order', async () => {
    const prefix = redisPrefix();
    const env = {
      REDIS_URL: redisUrl ?? '',
      REALTIME_REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(24).toString('hex'),
    };
    const limits = { onlineIntervalMs: 100 };
    // One database for both: PostgreSQL with TEST_DATABASE_URL, else one PGlite both instances use.
    const a: RealtimeTestApp = await startRealtimeApp(env, { limits });
    cleanups.push(() => a.close());
    const b = await startRealtimeApp(env, { limits, database: a.database });
    cleanups.unshift(() => b.close());

    const player = await a.register();
    const onB = client(b.url, { token: player.token });
    cleanups.push(async () => onB.disconnect());
    onB.connect();
    const sub = onB.newSubscription(playerChannel(PlayerChannel.walletAccounts, player.id));
    const balances: number[] = [];
    sub.on('publication', (ctx) => balances.push(ctx.data.account.balance));
    const ready = next<SubscribedContext>(sub, 'subscribed');
    sub.subscribe();
    await ready;

    for (const amount of [1, 2, 3]) {
      const res = await a.call('POST', '/api/dev/wallet/credit', {
        body: { playerId: player.id, currency: 'EUR', amount },
      });
      expect(res.status).toBe(200);
    }
    await a.app.outbox.drain();
    const until = Date.now() + 5000;
    while (balances.length < 3 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(balances).toEqual([1, 3, 6]);

    // The online count is cluster-wide: a player on A and one on B are two, seen from either.
    const other = await b.register();
    const onA = client(a.url, { token: other.token });
    cleanups.push(async () => onA.disconnect());
    onA.connect();
    const guest = client(b.url);
    cleanups.push(async () => guest.disconnect());
    guest.connect();
    const online = guest.newSubscription(PublicChannel.online);
    const two = next<PublicationContext>(online, 'publication', (ctx) => ctx.data.count === 2);
    online.subscribe();
    expect((await two).data).toEqual({ event: RealtimeEvent.onlineCount, count: 2 });

    // Nothing of this run is left behind in Redis but its expiring online set.
    const redis = new Redis(redisUrl ?? '');
    cleanups.push(() => redis.quit());
    expect(await redis.pttl(`${prefix}online`)).toBeGreaterThan(0);
  });
});

describe.skipIf(!redisUrl)('per-IP rate limits shared through Redis (skipped: set TEST_REDIS_URL to run)', () => {
  it("counts one visitor's requests on every instance together", async () => {
    const env = { REDIS_URL: redisUrl ?? '', REALTIME_REDIS_PREFIX: redisPrefix() };
    const a = await startRealtimeApp(env);
    cleanups.push(() => a.close());
    const b = await startRealtimeApp(env, { database: a.database });
    cleanups.unshift(() => b.close());
    // The contact form allows 5 messages per visitor in 10 minutes; alternate between the instances.
    const body = { email: 'visitor@example.com', message: 'A question about withdrawals.' };
    const statuses: number[] = [];
    for (const t of [a, b, a, b, a, b]) {
      const headers = { 'cf-connecting-ip': '203.0.113.9' }; // one visitor (call() gives each request its own IP)
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/notification/communications', headers, payload: body }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 5).every((status) => status < 300)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe('Centrifugo publisher', () => {
  it('refuses REALTIME_PUBLISHER=centrifugo without its API address and key, naming them', () => {
    expect(() => loadConfig({ REALTIME_PUBLISHER: 'centrifugo' })).toThrow(ConfigError);
    expect(() => loadConfig({ REALTIME_PUBLISHER: 'centrifugo', CENTRIFUGO_API_URL: 'http://c:8000' })).toThrow(
      /CENTRIFUGO_API_KEY: required with REALTIME_PUBLISHER=centrifugo/,
    );
    expect(() =>
      loadConfig({ REALTIME_PUBLISHER: 'centrifugo', CENTRIFUGO_API_URL: 'ftp://c', CENTRIFUGO_API_KEY: 'k' }),
    ).toThrow(/CENTRIFUGO_API_URL must be http/);
    expect(() => loadConfig({ REALTIME_PUBLISHER: 'pusher' })).toThrow(/REALTIME_PUBLISHER/);
  });

  it('publishes committed events to POST /api/publish with X-API-Key, and retries what Centrifugo refused', async () => {
    const received: { url?: string; key?: string; body: unknown }[] = [];
    let answer = '{"error":{"code":102,"message":"unknown channel"}}';
    const read = async (req: IncomingMessage) => {
      let text = '';
      for await (const chunk of req) text += chunk;
      return text;
    };
    const server: Server = createServer(async (req, res) => {
      received.push({ url: req.url, key: req.headers['x-api-key'] as string, body: JSON.parse(await read(req)) });
      res.setHeader('content-type', 'application/json');
      res.end(answer);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no address');

    const t = await startRealtimeApp({
      REALTIME_PUBLISHER: 'centrifugo',
      CENTRIFUGO_API_URL: `http://127.0.0.1:${address.port}/`,
      CENTRIFUGO_API_KEY: 'test-api-key',
    });
    cleanups.push(() => t.close());
    expect(t.app.realtime).toBeNull();
    const player = await t.register();
    await t.call('POST', '/api/dev/wallet/credit', { body: { playerId: player.id, currency: 'EUR', amount: 4 } });
    await t.app.outbox.drain();
    const channel = playerChannel(PlayerChannel.walletAccounts, player.id);
    expect(received.at(-1)).toEqual({
      url: '/api/publish',
      key: 'test-api-key',
      body: {
        channel,
        data: expect.objectContaining({ event: RealtimeEvent.accountBalanceUpdated }),
        // The outbox event's id: Centrifugo drops a repeat of a page the outbox sent twice (issue 31).
        idempotency_key: expect.stringMatching(/^outbox-\d+$/),
      },
    });
    const unpublished = () => t.database.db.select().from(outboxEvents);
    expect((await unpublished()).map((e) => e.channel)).toContain(channel);

    answer = '{"result":{}}';
    await t.app.outbox.drain();
    expect(await unpublished()).toEqual([]);
    expect(received.at(-1)?.body).toMatchObject({ channel, data: { account: { balance: 4 } } });
  });
});
