import { randomBytes } from 'node:crypto';
import { PlayerChannel, playerChannel, RealtimeDisconnect } from '@croupier/contracts';
import type { DisconnectedContext, SubscribedContext } from 'centrifuge';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RecentIds } from '../../src/modules/realtime/recent-ids.ts';
import { client, next, redisPrefix, startRealtimeApp } from './helpers.ts';

// Issue 31's fault runs: Redis stopped for 10 s lost every publication of those seconds for sockets that stayed
// connected (pub/sub keeps nothing), and a primary restart repeated 3–6 publications per socket (the outbox's
// pass re-sent a page whose delete did not commit). Now an instance whose subscription comes back tells its
// sockets to reconnect and fetch again (3010), drops its configuration caches, and drops repeated event ids.

const redisUrl = process.env.TEST_REDIS_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!redisUrl)('a cut Redis subscription (skipped: set TEST_REDIS_URL to run)', () => {
  it('tells the sockets to reconnect and resync, and drops every configuration cache', async () => {
    const prefix = redisPrefix();
    const t = await startRealtimeApp({
      REDIS_URL: redisUrl ?? '',
      REALTIME_REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(24).toString('hex'),
    });
    cleanups.push(() => t.close());
    const player = await t.register();
    const socket = client(t.url, { token: player.token });
    cleanups.push(async () => socket.disconnect());
    const sub = socket.newSubscription(playerChannel(PlayerChannel.walletAccounts, player.id));
    const subscribed = next<SubscribedContext>(sub, 'subscribed');
    sub.subscribe();
    socket.connect();
    await subscribed;
    const received = { ...t.app.configBus.received };

    // Redis ends this app's subscriber connections (by name: other test files share this Redis), as a Redis
    // restart does; ioredis reconnects by itself.
    const admin = new Redis(redisUrl ?? '');
    cleanups.push(() => admin.quit());
    const told = new Promise<DisconnectedContext>((resolve) => socket.once('disconnected', resolve));
    const resubscribedAgain = next<SubscribedContext>(sub, 'subscribed');
    const ours = String(await admin.client('LIST'))
      .split('\n')
      .filter((line) => line.includes(` name=${prefix}`) && / sub=[1-9]/.test(line))
      .map((line) => /\bid=(\d+)/.exec(line)![1]!);
    expect(ours).toHaveLength(2); // the real-time fan-out's and the configuration bus's
    for (const id of ours) await admin.client('KILL', 'ID', id);
    const code = await Promise.race([
      new Promise<number>((resolve) => socket.once('connecting', (ctx) => resolve(ctx.code))),
      told.then((ctx) => ctx.code),
    ]);
    expect(code).toBe(RealtimeDisconnect.insufficientState.code);
    // The client reconnects by itself (3000–3499 reconnect) and subscribes again: where the web app resyncs.
    await resubscribedAgain;
    await expect
      .poll(() => Object.values(t.app.configBus.received).every((n, i) => n > Object.values(received)[i]!))
      .toBe(true);
  });
});

describe('RecentIds', () => {
  it('answers true once per id within its window, and forgets the oldest beyond it', () => {
    const recent = new RecentIds(3);
    expect(['1', '2', '1', '3', '2'].map((id) => recent.first(id))).toEqual([true, true, false, true, false]);
    expect(recent.first('4')).toBe(true); // evicts 1
    expect(recent.first('1')).toBe(true);
    expect(recent.first('3')).toBe(false);
  });
});
