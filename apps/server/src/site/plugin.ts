import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createApiClient, ErrorCode } from '@croupier/contracts';
import fastifyStatic from '@fastify/static';
import { writeReadableStreamToWritable } from '@react-router/node';
import type { FastifyInstance } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Config } from '../config.ts';
import { compressible, negotiateEncoding, pipeCompressed, varyWithEncoding } from '../http/compression.ts';
import { CONFIG_GENERATION_HEADER } from '../http/config-generation.ts';
import { envelope } from '../http/errors.ts';
import { pagePolicy } from './csp.ts';
import { forwardedVisitor } from './forwarded.ts';
import { injectFetch } from './inject-fetch.ts';
import { siteUrlFor } from './long-paths.ts';

/**
 * The React Router site inside Fastify: hashed assets with immutable caching, then every non-API
 * path rendered on the server. Unknown /api paths answer 404 JSON before the catch-all can render HTML.
 */
export async function sitePlugin(app: FastifyInstance, { config }: { config: Config }) {
  const serverEntry = join(config.webBuildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`No web build at ${config.webBuildDir}. Run "npm run build" (npm start does it for you).`);
  }
  const build = (await import(serverEntry)) as ServerBuild;
  const handle = createRequestHandler(build, config.NODE_ENV === 'production' ? 'production' : 'development');
  const clientDir = join(config.webBuildDir, 'client');
  const baseFetch = config.INTERNAL_API_URL ? fetch : injectFetch(app);
  // Every API answer names the configuration generation: the web app drops its cached content and settings
  // when it moves (apps/web/app/lib/config-generation.server.ts, exported by the server entry).
  const noteGeneration = (build.entry.module as { noteConfigGeneration?: (value: string | null) => void })
    .noteConfigGeneration;
  const fetchApi: typeof fetch = noteGeneration
    ? async (input, init) => {
        const response = await baseFetch(input, init);
        noteGeneration(response.headers.get(CONFIG_GENERATION_HEADER));
        return response;
      }
    : baseFetch;
  const apiBase = config.INTERNAL_API_URL ?? '';
  const policy = pagePolicy(config);

  await app.register(fastifyStatic, {
    root: join(clientDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '1y',
    index: false,
    // The .br / .gz files the build writes next to each asset (scripts/precompress.mjs), by Accept-Encoding.
    preCompressed: true,
  });
  // Files at the client root (favicon, manifest, robots): not hashed, so a short cache.
  for (const entry of readdirSync(clientDir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    app.get(`/${entry.name}`, (_request, reply) => reply.sendFile(entry.name, clientDir, { maxAge: 300_000 }));
  }

  // Polled by open tabs to offer a reload when a new build is deployed (spec §2 shell).
  app.get('/build-version.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: build.assets.version };
  });

  app.register(async (site) => {
    site.removeAllContentTypeParsers();
    // Form posts reach React Router actions untouched.
    site.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    site.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
          return reply
            .status(404)
            .send(envelope(ErrorCode.notFound, `Not found: ${request.method} ${request.url.split('?')[0]}`));
        }
        const nonce = randomBytes(16).toString('base64');
        const forwarded = forwardedVisitor(request, config, baseFetch !== fetch);
        const api = createApiClient({ baseUrl: apiBase, fetch: fetchApi, headers: forwarded });
        reply.hijack();
        const webRequest = toWebRequest(
          request.raw,
          reply.raw,
          config.publicUrl,
          siteUrlFor(request.url),
          request.body as Readable | undefined,
        );
        try {
          const response = await handle(webRequest, { nonce, api, demo: config.DEMO });
          await sendWebResponse(reply.raw, response, policy, nonce, request.id);
        } catch (error) {
          // The visitor left mid-stream (closed tab, navigation): nothing failed on our side.
          if (reply.raw.destroyed || reply.raw.writableEnded) {
            request.log.debug({ err: error }, 'page stream closed by the client');
            return;
          }
          request.log.error({ err: error }, 'SSR failed');
          if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          reply.raw.end('Internal server error');
        }
      },
    });
  });
}

function toWebRequest(
  req: IncomingMessage,
  res: ServerResponse,
  publicUrl: string,
  path: string,
  body?: Readable,
): Request {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const origin = new URL(publicUrl);
  const host = req.headers.host ?? origin.host;
  const url = new URL(path, `${origin.protocol}//${host}`);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(body ?? req) as ReadableStream) : undefined,
    // @ts-expect-error Node needs duplex for streamed request bodies; the DOM type does not know it.
    duplex: hasBody ? 'half' : undefined,
  });
}

async function sendWebResponse(
  res: ServerResponse,
  response: Response,
  policy: (nonce: string) => string,
  nonce: string,
  requestId: string,
): Promise<void> {
  // The security headers are already on `res` (helmet writes them in onRequest); writeHead merges them.
  const headers: Record<string, string | string[]> = { 'x-request-id': requestId };
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if ((headers['content-type'] as string | undefined)?.startsWith('text/html')) {
    headers['content-security-policy'] = policy(nonce);
    headers['x-frame-options'] = 'SAMEORIGIN';
  }
  // Pages and client-navigation data (turbo-stream) go out compressed when the browser takes it (decision 0046).
  const contentType = headers['content-type'] as string | undefined;
  const encoding =
    compressible(contentType) && !headers['content-encoding'] && response.status !== 204 && response.status !== 304
      ? negotiateEncoding(res.req.headers['accept-encoding'])
      : null;
  if (compressible(contentType)) headers.vary = varyWithEncoding(headers.vary);
  if (encoding) {
    headers['content-encoding'] = encoding;
    delete headers['content-length'];
  }
  res.writeHead(response.status, response.statusText, headers);
  if (!response.body || res.req.method === 'HEAD') res.end();
  else if (encoding) await pipeCompressed(response.body, res, encoding);
  else await writeReadableStreamToWritable(response.body, res);
}
