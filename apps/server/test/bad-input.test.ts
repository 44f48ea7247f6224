import { randomUUID } from 'node:crypto';
import { type Endpoint, ErrorEnvelope } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseKind } from './harness.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from './player/helpers.ts';

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
      // A fresh player per endpoint: logging out or closing sessions must not blind the rest.
      const token = e.auth === 'guest' ? undefined : (await registerPlayer(t)).auth.accessToken;
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
  }, 600_000);
});

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
