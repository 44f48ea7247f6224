import { EventEmitter } from 'node:events';
import { PublicChannel, RealtimeDisconnect } from '@croupier/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Connection } from '../../src/modules/realtime/connection.ts';
import { RealtimeHub } from '../../src/modules/realtime/hub.ts';
import { defaultRealtimeLimits } from '../../src/modules/realtime/limits.ts';
import { client, next, type RealtimeTestApp, rawSocket, startRealtimeApp } from './helpers.ts';

let t: RealtimeTestApp;
beforeAll(async () => {
  t = await startRealtimeApp(
    {},
    {
      limits: {
        pingIntervalMs: 1000,
        pongTimeoutMs: 500,
        connectTimeoutMs: 1000,
        maxFrameBytes: 4096,
        commandBurst: 20,
        commandsPerSecond: 5,
        maxSubscriptions: 3,
      },
    },
  );
});
afterAll(() => t.close());

async function connected() {
  const raw = await rawSocket(t.url);
  raw.command({ id: 1, connect: {} });
  await raw.frame((f) => f.id === 1);
  return raw;
}

describe('protocol limits', () => {
  it('closes on a frame over the size limit (1009: the client does not reconnect)', async () => {
    const raw = await connected();
    raw.command({ id: 2, subscribe: { channel: PublicChannel.online }, padding: 'x'.repeat(5000) });
    expect((await raw.closed).code).toBe(1009);
  });

  it('closes a command flood with "too many requests"', async () => {
    const raw = await connected();
    const pings = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => JSON.stringify({ id: from + i, ping: {} })).join('\n');
    // A burst within the bucket is served…
    raw.ws.send(pings(100, 15));
    await raw.frame((f) => f.id === 114);
    // …a flood is not.
    raw.ws.send(pings(200, 50));
    expect(await raw.closed).toEqual(RealtimeDisconnect.tooManyRequests);
  });

  it('caps subscriptions per connection with "limit exceeded"', async () => {
    const raw = await connected();
    for (const [i, channel] of ['tournaments', 'global:online', 'tournaments:1', 'tournaments:2'].entries()) {
      raw.command({ id: 10 + i, subscribe: { channel } });
    }
    expect(await raw.frame((f) => f.id === 13)).toEqual({ id: 13, error: { code: 106, message: 'limit exceeded' } });
    raw.command({ id: 14, subscribe: { channel: 'tournaments' } });
    expect(await raw.frame((f) => f.id === 14)).toMatchObject({ error: { code: 105 } });
    raw.ws.close();
  });

  it('answers methods it does not serve with protocol errors', async () => {
    const raw = await connected();
    raw.command({ id: 2, publish: { channel: 'tournaments', data: {} } });
    raw.command({ id: 3, history: { channel: 'tournaments' } });
    raw.command({ id: 4, rpc: { method: 'x' } });
    raw.command({ id: 5, ping: {} });
    expect(await raw.frame((f) => f.id === 2)).toMatchObject({ error: { code: 103 } });
    expect(await raw.frame((f) => f.id === 3)).toMatchObject({ error: { code: 108 } });
    expect(await raw.frame((f) => f.id === 4)).toMatchObject({ error: { code: 104 } });
    expect(await raw.frame((f) => f.id === 5)).toEqual({ id: 5, ping: {} });
    raw.ws.close();
  });

  it('closes on malformed JSON and on commands before connect ("bad request", no reconnect)', async () => {
    const bad = await rawSocket(t.url);
    bad.ws.send('{"id":1,');
    expect(await bad.closed).toEqual(RealtimeDisconnect.badRequest);
    const early = await rawSocket(t.url);
    early.command({ id: 1, subscribe: { channel: 'tournaments' } });
    expect(await early.closed).toEqual(RealtimeDisconnect.badRequest);
  });

  it('closes a socket that never connects as stale', async () => {
    const raw = await rawSocket(t.url);
    expect(await raw.closed).toEqual(RealtimeDisconnect.stale);
  });

  it('pings every interval; a peer that does not pong is closed with "no pong"', async () => {
    const raw = await connected();
    const reply = raw.frames[0] as { connect: { ping: number; pong: boolean } };
    expect(reply.connect).toMatchObject({ ping: 1, pong: true });
    await raw.frame((f) => Object.keys(f).length === 0, 3000);
    expect(await raw.closed).toEqual(RealtimeDisconnect.noPong);
  });

  it('keeps a real client that pongs connected across pings', async () => {
    const c = client(t.url);
    const states: string[] = [];
    c.on('state', (ctx) => states.push(ctx.newState));
    c.connect();
    await next(c, 'connected');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(states).toEqual(['connecting', 'connected']);
    c.disconnect();
  });
});

describe('slow consumers', () => {
  class FakeSocket extends EventEmitter {
    bufferedAmount = 0;
    sent: string[] = [];
    closedWith: [number, string] | null = null;
    send(frame: string) {
      this.sent.push(frame);
    }
    close(code: number, reason: string) {
      this.closedWith = [code, reason];
    }
    terminate() {}
  }

  it('drops a connection whose socket buffer is over the bound instead of buffering more', async () => {
    const hub = new RealtimeHub();
    const socket = new FakeSocket();
    const log = { error() {}, debug() {} } as unknown as FastifyBaseLogger;
    const connection = new Connection(socket as unknown as WebSocket, {
      hub,
      verifyToken: async () => ({ ok: false, reason: 'invalid' }),
      limits: { ...defaultRealtimeLimits, maxBufferedBytes: 1000 },
      onlineCount: () => null,
      version: 'test',
      log,
      onClosed: () => {},
    });
    socket.emit('message', Buffer.from(JSON.stringify({ id: 1, connect: {} })), false);
    socket.emit('message', Buffer.from(JSON.stringify({ id: 2, subscribe: { channel: 'tournaments' } })), false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hub.deliver('tournaments', { n: 1 })).toBe(1);
    socket.bufferedAmount = 5000;
    hub.deliver('tournaments', { n: 2 });
    expect(socket.closedWith).toEqual([3008, 'slow']);
    expect(socket.sent.filter((f) => f.includes('"push"'))).toHaveLength(1);
    expect(hub.deliver('tournaments', { n: 3 })).toBe(0);
    expect(connection.user).toBeNull();
  });
});

describe('shutdown', () => {
  it('closes every socket with "shutdown" (the client reconnects elsewhere) and lets the app close', async () => {
    const own = await startRealtimeApp();
    const c = client(own.url, { minReconnectDelay: 60_000, maxReconnectDelay: 60_000 });
    c.connect();
    await next(c, 'connected');
    const connecting = next<{ code: number; reason: string }>(c, 'connecting');
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await connecting).toMatchObject({ code: 3001, reason: 'shutdown' });
    c.disconnect();
  });
});
