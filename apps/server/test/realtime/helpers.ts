import { randomBytes } from 'node:crypto';
import { Centrifuge, type Options } from 'centrifuge';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { type AppOptions, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import type { PlayerModule } from '../../src/modules/player/index.ts';
import { MemoryPublisher, type OutboxMessage } from '../../src/outbox/index.ts';
import { freshDatabase, publicationsOf } from '../harness.ts';
import { FakeMessenger, nextIp, refreshCookieIn, registration, uniqueEmail } from '../player/helpers.ts';

/** A Redis prefix of its own per test run, so parallel runs sharing one Redis never cross. */
export const redisPrefix = () => `croupier-test:${randomBytes(6).toString('hex')}:`;

export interface RealtimeTestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  player: PlayerModule;
  /** ws://127.0.0.1:<port>/api/connection/websocket */
  url: string;
  call(
    method: string,
    url: string,
    options?: { body?: unknown; token?: string; cookie?: string },
    // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
  ): Promise<{ status: number; json: any; headers: Record<string, unknown> }>;
  /** A new player: its token, session and the refresh cookie pair a refresh needs (docs/decisions/0032). */
  register(): Promise<{ id: string; token: string; sessionId: string; refreshCookie: string }>;
  /** What this instance's outbox published on the players' channels, once every committed event is out. */
  published(channel: string | RegExp): Promise<OutboxMessage[]>;
  close(): Promise<void>;
}

/**
 * A whole app listening on 127.0.0.1 (websockets need a real socket). Pass `database` to make a second
 * instance on the same database; only the instance that created it drops it.
 */
export async function startRealtimeApp(
  env: Record<string, string> = {},
  options: { limits?: AppOptions['realtimeLimits']; database?: Database } = {},
): Promise<RealtimeTestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...env });
  const owned = options.database ? null : await freshDatabase();
  const database = options.database ?? owned!.database;
  let player!: PlayerModule;
  const memory = new MemoryPublisher();
  const app = await buildApp({
    config,
    database,
    logger: false,
    publishers: [memory],
    messenger: new FakeMessenger(),
    onPlayerModule: (p) => {
      player = p;
    },
    realtimeLimits: options.limits,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const call: RealtimeTestApp['call'] = async (method, url, { body, token, cookie } = {}) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: {
        'cf-connecting-ip': nextIp(),
        'user-agent': 'vitest',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, json: res.json(), headers: res.headers };
  };
  return {
    app,
    config,
    database,
    player,
    url: `ws://127.0.0.1:${address.port}/api/connection/websocket`,
    call,
    published: publicationsOf(app, memory),
    async register() {
      const res = await call('POST', '/api/player/register', { body: registration(uniqueEmail('rt')) });
      if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.json)}`);
      const auth = res.json.data;
      return {
        id: auth.profile.id as string,
        token: auth.accessToken as string,
        sessionId: auth.sessionId as string,
        refreshCookie: refreshCookieIn(res.headers),
      };
    },
    async close() {
      await app.close();
      if (owned) {
        await database.close();
        await owned.drop();
      }
    },
  };
}

/** The real centrifuge client, as the web app configures it, with short delays for tests. */
export function client(url: string, options: Partial<Options> = {}): Centrifuge {
  return new Centrifuge(url, {
    websocket: WebSocket,
    minReconnectDelay: 50,
    maxReconnectDelay: 200,
    timeout: 3000,
    ...options,
  });
}

/** Resolves with the first event `name` whose context passes `accept`. */
export function next<T>(
  emitter: { once(name: string, fn: (ctx: T) => void): unknown; on(name: string, fn: (ctx: T) => void): unknown },
  name: string,
  accept: (ctx: T) => boolean = () => true,
  timeoutMs = 8000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} event within ${timeoutMs} ms`)), timeoutMs);
    emitter.on(name, (ctx: T) => {
      if (!accept(ctx)) return;
      clearTimeout(timer);
      resolve(ctx);
    });
  });
}

/** A raw websocket speaking the JSON frames by hand: frames received, and how it closed. */
export async function rawSocket(url: string) {
  const ws = new WebSocket(url);
  const frames: unknown[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('message', (data) => {
    for (const line of data.toString().split('\n')) if (line) frames.push(JSON.parse(line));
  });
  ws.on('error', () => {});
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const command = (body: object) => ws.send(JSON.stringify(body));
  /** Waits for a frame matching `accept`. */
  const frame = async (accept: (f: Record<string, unknown>) => boolean, timeoutMs = 5000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.find((f) => accept(f as Record<string, unknown>));
      if (found) return found as Record<string, unknown>;
      if (Date.now() > until) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, frames, closed, command, frame };
}
