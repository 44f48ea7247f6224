/**
 * The browser's real-time client against a minimal server speaking Centrifuge's JSON protocol (the
 * frames of stack-facts "Real time"): the real `centrifuge` SDK connects with the session token,
 * subscribes channels once, delivers publications, and reconnects on logout and login.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';

const session = vi.hoisted(() => ({ cookie: null as string | null }));
vi.mock('../app/shared/session/cookie.ts', () => ({ readAccessToken: () => session.cookie }));
vi.mock('../app/shared/session/runtime.ts', () => ({ freshToken: async () => session.cookie }));

const { getRealtime, onRealtimeSessionChanged } = await import('../app/features/realtime/client.ts');
const { realtimeStore } = await import('../app/features/realtime/realtime-store.ts');

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (sub: string, sessionId: string) =>
  `${b64({ alg: 'HS256' })}.${b64({ sub, sessionId, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

interface Conn {
  socket: WebSocket;
  token: string | undefined;
  channels: string[];
  closed: boolean;
}

function fakeServer() {
  const wss = new WebSocketServer({ port: 0, path: '/api/connection/websocket' });
  const conns: Conn[] = [];
  wss.on('connection', (socket) => {
    const conn: Conn = { socket, token: undefined, channels: [], closed: false };
    conns.push(conn);
    socket.on('close', () => {
      conn.closed = true;
    });
    socket.on('message', (raw) => {
      for (const line of raw.toString().split('\n').filter(Boolean)) {
        const cmd = JSON.parse(line) as Record<string, { token?: string; channel?: string } | number | undefined>;
        const id = cmd.id as number | undefined;
        if (!id) {
          continue; // a pong
        }
        const connect = cmd.connect as { token?: string } | undefined;
        const subscribe = cmd.subscribe as { channel: string } | undefined;
        const unsubscribe = cmd.unsubscribe as { channel: string } | undefined;
        if (connect) {
          conn.token = connect.token;
          socket.send(
            JSON.stringify({ id, connect: { client: `c${conns.length}`, version: '0', ping: 25, pong: true } }),
          );
        } else if (subscribe) {
          conn.channels.push(subscribe.channel);
          socket.send(JSON.stringify({ id, subscribe: {} }));
        } else if (unsubscribe) {
          conn.channels = conn.channels.filter((c) => c !== unsubscribe.channel);
          socket.send(JSON.stringify({ id, unsubscribe: {} }));
        }
      }
    });
  });
  const publish = (channel: string, data: unknown) => {
    const conn = conns.findLast((c) => !c.closed);
    conn?.socket.send(JSON.stringify({ push: { channel, pub: { data } } }));
  };
  return { wss, conns, publish, live: () => conns.filter((c) => !c.closed) };
}

async function until(check: () => boolean, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('real-time client against a Centrifuge-protocol server', () => {
  const server = fakeServer();
  beforeAll(() => {
    const { port } = server.wss.address() as AddressInfo;
    vi.stubGlobal('WebSocket', WebSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: `127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    getRealtime()?.client.disconnect();
    vi.unstubAllGlobals();
    await new Promise((r) => server.wss.close(r));
  });

  it('connects with the session token, shares subscriptions and reconnects on logout and login', async () => {
    session.cookie = jwt('p1', 's1');
    const realtime = getRealtime();
    expect(realtime).not.toBeNull();
    await until(() => realtimeStore.getSnapshot().connection === 'connected', 'connected');
    expect(server.conns).toHaveLength(1);
    expect(server.conns[0]?.token).toBe(session.cookie);

    const got: unknown[] = [];
    const hub = realtime!.hub;
    const releaseA = hub.acquire('messenger:notifications#p1', (d) => got.push(['a', d]));
    const releaseB = hub.acquire('messenger:notifications#p1', (d) => got.push(['b', d]));
    hub.acquire('tournaments', () => {});
    await until(() => realtimeStore.getSnapshot().subscriptions['messenger:notifications#p1'] === 'subscribed', 'sub');
    await until(() => realtimeStore.getSnapshot().subscriptions.tournaments === 'subscribed', 'tournaments');
    expect(server.conns[0]?.channels.sort()).toEqual(['messenger:notifications#p1', 'tournaments']);

    server.publish('messenger:notifications#p1', { event: 'message.received' });
    await until(() => got.length === 2, 'publication');
    expect(got).toEqual([
      ['a', { event: 'message.received' }],
      ['b', { event: 'message.received' }],
    ]);
    releaseA();
    releaseB();
    await until(() => server.conns[0]?.channels.length === 1, 'unsubscribe');
    const again = hub.acquire('messenger:notifications#p1', () => {});

    // The first load's session start: same identity, no second connection.
    onRealtimeSessionChanged();
    await new Promise((r) => setTimeout(r, 100));
    expect(server.conns).toHaveLength(1);

    // Logout: player channels dropped, anonymous connection, public channels subscribed again.
    session.cookie = null;
    onRealtimeSessionChanged();
    await until(() => server.live().length === 1 && server.conns.length === 2, 'guest connection');
    await until(() => server.conns[1]?.channels.includes('tournaments') ?? false, 'resubscribe');
    expect(server.conns[1]?.token ?? '').toBe('');
    expect(server.conns[1]?.channels).toEqual(['tournaments']);
    expect(Object.keys(realtimeStore.getSnapshot().subscriptions)).toEqual(['tournaments']);
    again(); // the component's late release after the drop is harmless

    // Login as someone else: a new connection with the new token.
    session.cookie = jwt('p2', 's2');
    onRealtimeSessionChanged();
    await until(() => server.conns.length === 3 && realtimeStore.getSnapshot().connection === 'connected', 'login');
    expect(server.conns[2]?.token).toBe(session.cookie);
    expect(server.live()).toHaveLength(1);
  });
});
