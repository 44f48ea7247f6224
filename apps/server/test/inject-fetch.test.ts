import { Readable } from 'node:stream';
import { type ApiError, createApiClient } from '@croupier/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch } from '../src/site/inject-fetch.ts';

// SSR's in-process transport (decision 0082) must give the typed client what HTTP gives it: status,
// reason phrase, body, the headers it reads, and the same ApiError for a failed call.

describe('injectFetch answers as HTTP does', () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.get('/api/things', async (request, reply) => {
      reply.header('cache-control', 'public, max-age=120').header('x-many', ['a', 'b']);
      return { items: ['ä', '€', '😀'], query: request.query, agent: request.headers['user-agent'] ?? null };
    });
    app.get('/api/empty', async (_request, reply) => reply.status(204).send());
    app.get('/api/gone', async (_request, reply) =>
      reply.status(404).send({ error: { code: 404, message: 'No such thing', fields: {} } }),
    );
    app.get('/api/bare', async (_request, reply) => reply.status(503).type('text/plain').send('down'));
    app.get('/api/throws', async () => {
      throw new Error('boom');
    });
    app.get('/api/stream', async (_request, reply) =>
      reply.type('application/json').send(Readable.from(['{"a":', Buffer.from('"ü"}')])),
    );
    app.post('/api/echo', async (request) => ({ body: request.body }));
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const cases: [string, RequestInit][] = [
    ['/api/things?x=1&tags%5B%5D=a&tags%5B%5D=b', { headers: { accept: 'application/json', 'user-agent': 'ua/1' } }],
    ['/api/empty', {}],
    ['/api/gone', { headers: new Headers({ Accept: 'application/json' }) }],
    ['/api/bare', {}],
    ['/api/nowhere', {}],
    ['/api/throws', {}],
    ['/api/stream', {}],
    ['/api/things', { method: 'HEAD' }],
    [
      '/api/echo',
      { method: 'POST', headers: [['content-type', 'application/json']], body: JSON.stringify({ n: 1, s: 'é' }) },
    ],
  ];

  it.each(cases)('%s', async (path, init) => {
    const local = await injectFetch(app)(path, init);
    const remote = await fetch(origin + path, init);
    expect(local.status).toBe(remote.status);
    expect(local.ok).toBe(remote.ok);
    expect(local.statusText).toBe(remote.statusText);
    for (const name of ['content-type', 'cache-control', 'x-many', 'Content-Type', 'x-absent']) {
      expect(local.headers.get(name), name).toBe(remote.headers.get(name));
    }
    expect(await local.text()).toBe(await remote.text());
  });

  it('gives the typed client the same answers and errors', async () => {
    const over = (fetchImpl: typeof fetch, baseUrl: string) =>
      createApiClient({ baseUrl, fetch: fetchImpl, headers: { 'user-agent': 'ssr' } });
    const local = over(injectFetch(app), '');
    const remote = over(fetch, origin);
    for (const path of ['/api/things', '/api/empty', '/api/gone', '/api/bare']) {
      // The contract's client over this small app: `call` takes any route.
      const endpoint = { method: 'GET', path, auth: 'guest' } as never;
      const outcome = (client: ReturnType<typeof over>) =>
        client.call(endpoint).then(
          (value) => ({ value }),
          (error: ApiError) => ({ error: { ...error, name: error.name, message: error.message } }),
        );
      expect(await outcome(local), path).toEqual(await outcome(remote));
    }
  });
});
