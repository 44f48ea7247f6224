import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { type Endpoint, ErrorEnvelope } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseKind } from './harness.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from './player/helpers.ts';
import { signedInStaff } from './staff/helpers.ts';

// Every endpoint the app serves gets malformed ids, queries and bodies: the answer is never a 5xx, and
// every refusal is the error envelope (api-contract §3). A new endpoint is covered without a new test.

let t: PlayerTestApp;
beforeAll(async () => {
  // The demo catalogue gives the id lists real rows to miss or hit.
  t = await createPlayerTestApp({ SEED_DEMO_DATA: 'true' });
});
afterAll(() => t.close());

const ids = ['x', '0', '-1', randomUUID(), 'neon-fruits', 'a'.repeat(300), "1' or '1'='1", '%00', '..%2F..%2Fetc'];

const garbageValues: unknown[] = [null, [], {}, -1, 1e308, true, 'x'.repeat(5000), '<script>', { $gt: '' }, 'a\u0000b'];

/** The top-level keys a schema knows, to aim wrong types at them. */
function keysOf(schema: z.ZodType | undefined): string[] {
  let s: unknown = schema;
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const def = (s as { def?: { innerType?: unknown; in?: unknown; schema?: unknown; options?: unknown[] } }).def;
    s = def?.innerType ?? def?.in ?? def?.schema ?? def?.options?.[0];
  }
  return [];
}

const rawBodies = (e: Endpoint): string[] => {
  const keys = keysOf(e.body);
  return [
    'not json',
    '{"unterminated": ',
    '[]',
    '"text"',
    'null',
    '{}',
    '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
    ...garbageValues.map((v) => JSON.stringify(Object.fromEntries(keys.map((k) => [k, v])))),
  ];
};

const queries = (e: Endpoint): string[] => {
  const keys = [...new Set([...keysOf(e.query), 'page', 'perPage', 'currency', 'country'])];
  return ['-1', 'abc', '1e99', 'x'.repeat(3000), '', '[object Object]', 'a\u0000b'].map(
    (v) => `?${keys.map((k) => `${k}=${encodeURIComponent(v)}`).join('&')}&${keys[0]}=twice`,
  );
};

const fill = (path: string, id: string) => path.replace(/:[A-Za-z]+/g, encodeURIComponent(id).replace(/%25/g, '%'));

describe(`bad input on every endpoint (${databaseKind})`, () => {
  it('never answers 5xx, and every refusal is the error envelope', async () => {
    const endpoints = t.app.endpoints as Endpoint[];
    expect(endpoints.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let requests = 0;
    for (const e of endpoints) {
      // A fresh player, or staff owner for the back office (every permission), per endpoint: logging out or
      // closing sessions must not blind the rest.
      const token =
        e.auth === 'guest'
          ? undefined
          : e.auth === 'staff'
            ? (await signedInStaff(t, 'owner')).token
            : (await registerPlayer(t)).auth.accessToken;
      const paths = e.path.includes(':') ? ids.map((id) => fill(e.path, id)) : [e.path];
      const attempts: { url: string; payload?: string }[] = [];
      for (const url of paths) {
        if (e.method === 'GET' || e.method === 'DELETE') for (const q of queries(e)) attempts.push({ url: url + q });
        if (e.method !== 'GET') for (const payload of rawBodies(e)) attempts.push({ url, payload });
        if (e.method === 'GET') attempts.push({ url });
      }
      for (const { url, payload } of attempts) {
        requests++;
        const res = await t.app.inject({
          method: e.method,
          url,
          headers: {
            'cf-connecting-ip': `198.18.${requests % 250}.${(requests >> 8) % 250}`,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        const where = `${e.method} ${e.path} ← ${url.slice(0, 120)} ${payload?.slice(0, 80) ?? ''}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400 && !ErrorEnvelope.safeParse(safeJson(res.body)).success)
          failures.push(`${res.statusCode} without the envelope ${where}: ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
    expect(endpoints.filter((e) => e.auth === 'staff').length, 'the back office is swept too').toBeGreaterThan(10);
  }, 600_000);
});

/** Writes raw bytes to the listening server and reads until it closes (or answers and idles 300 ms). */
function rawExchange(port: number, request: string | Buffer): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let idle: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(idle);
      socket.destroy();
      done(answer);
    };
    socket.setTimeout(5_000, finish);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      clearTimeout(idle);
      idle = setTimeout(finish, 300);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (answer ? finish() : fail(error)));
    socket.on('close', finish);
    socket.write(request);
  });
}

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

/** Requests Node's parser or Fastify's router refuses before any handler, with the status each must get. */
const rawRequests: [name: string, request: string, status: number][] = [
  ['16 KB of headers', crlf('GET /api/settings/site HTTP/1.1', 'Host: x', `X-Big: ${'a'.repeat(20_000)}`), 431],
  ['a 20 KB query', crlf(`GET /api/settings/site?${'q=1&'.repeat(5_000)} HTTP/1.1`, 'Host: x'), 431],
  ['many headers', crlf('GET / HTTP/1.1', 'Host: x', ...Array.from({ length: 3_000 }, (_, i) => `X-${i}: v`)), 431],
  [
    'a Content-Length that is not a number',
    crlf('POST /api/player/sessions HTTP/1.1', 'Host: x', 'Content-Length: abc'),
    400,
  ],
  [
    'two different Content-Lengths',
    crlf('POST /api/player/sessions HTTP/1.1', 'Host: x', 'Content-Length: 2', 'Content-Length: 3'),
    400,
  ],
  [
    'Content-Length with chunked',
    crlf('POST /api/player/sessions HTTP/1.1', 'Host: x', 'Content-Length: 2', 'Transfer-Encoding: chunked'),
    400,
  ],
  [
    'a malformed chunk',
    `${crlf('POST /api/player/sessions HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Transfer-Encoding: chunked')}zz\r\n{}\r\n0\r\n\r\n`,
    400,
  ],
  ['a control character in a header', crlf('GET /api/settings/site HTTP/1.1', 'Host: x', 'X-A: a\u0001b'), 400],
  ['a header name with a space', crlf('GET /api/settings/site HTTP/1.1', 'Host: x', 'Bad Header: v'), 400],
  ['method FOO', crlf('FOO /api/settings/site HTTP/1.1', 'Host: x'), 400],
  ['a garbage request line', crlf('\u0000\u0001\u0002 nonsense'), 400],
  ['HTTP/9.9', crlf('GET /api/settings/site HTTP/9.9', 'Host: x'), 400],
  ['a bare LF in the request line', 'GET /api/settings/site\nHTTP/1.1\r\nHost: x\r\n\r\n', 400],
  ['a missing Host', crlf('GET /api/settings/site HTTP/1.1'), 400],
  ['an 8 KB API path', crlf(`GET /api/game/games/${'a'.repeat(8_000)} HTTP/1.1`, 'Host: x'), 404],
  ['an unknown method Node knows', crlf('PROPFIND /api/settings/site HTTP/1.1', 'Host: x'), 404],
  [
    'unparseable JSON',
    `${crlf('POST /api/player/sessions HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Content-Length: 5')}{"a":`,
    422,
  ],
];

describe('raw requests over a socket', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  it.each(rawRequests)('%s: only the error envelope, with the right status', async (_name, request, status) => {
    const answer = await rawExchange(port, request);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${(await import('node:http')).STATUS_CODES[status]}`);
    expect(head).toMatch(/^content-type: application\/json/im);
    expect(ErrorEnvelope.safeParse(safeJson(body)).success, body).toBe(true);
  });

  it('adopts a safe x-request-id and replaces a forged or oversized one', async () => {
    const idOf = async (value: string) => {
      const answer = await rawExchange(
        port,
        crlf('GET /api/settings/site HTTP/1.1', 'Host: x', `X-Request-Id: ${value}`, 'Connection: close'),
      );
      return answer.match(/^x-request-id: (.*)$/im)?.[1];
    };
    expect(await idOf('trace-42.a_b')).toBe('trace-42.a_b');
    for (const bad of ['x'.repeat(8_000), 'a b', 'line\u000bbreak', '{"level":60}', 'x'.repeat(65)]) {
      const id = await idOf(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
