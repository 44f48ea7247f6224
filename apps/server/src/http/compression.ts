import type { ServerResponse } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip, type Gzip } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// Response compression (docs/decisions/0046): Brotli or gzip, chosen from Accept-Encoding. Buffered answers
// (JSON, the studio's files) go through @fastify/compress; hashed assets are compressed at build time
// (scripts/precompress.mjs) and served as they are; the hijacked SSR page stream is compressed here and
// flushed after every burst of chunks, so a streamed page still arrives in pieces.

export type Encoding = 'br' | 'gzip';

/** Text-like types worth compressing; never an event stream (a compressor would hold its events back). */
export function compressible(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    /[/+](json|xml|javascript)$/.test(type) ||
    type === 'image/svg+xml' ||
    type === 'application/wasm'
  );
}

/** Brotli when the client takes it, else gzip, else nothing (q=0 refuses an encoding; `*` covers both). */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weightOf = (name: Encoding) => q.get(name) ?? q.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** Adds `accept-encoding` to a Vary header value (kept as is when already there or `*`). */
export function varyWithEncoding(vary: string | number | string[] | undefined): string {
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(\*|accept-encoding)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, accept-encoding` : 'accept-encoding';
}

/**
 * Brotli quality 4 for answers made per request: Cloudflare's measurements put it at gzip's speed with a
 * smaller result; 11 is for build time only. A 512 KB window keeps memory per open stream small.
 */
const brotliOptions = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 19 },
};
const gzipOptions = { level: 6 };

/** @fastify/compress for every buffered or streamed answer of a route; request bodies are never inflated. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions,
    zlibOptions: gzipOptions,
    customTypes: (type: string) => compressible(type),
    // Signed webhooks and seamless calls are verified on the exact bytes sent; no zip bombs either.
    globalDecompression: false,
  });
  // A compressible answer depends on Accept-Encoding even when it went out plain (small, or no encoding
  // asked), so shared caches keep one copy per encoding.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || compressible(reply.getHeader('content-type') as string | undefined)) {
      reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    }
    return payload;
  });
}

/**
 * Writes a page stream to the response through Brotli or gzip. Chunks written in one burst (React flushes
 * the shell, then each resolved Suspense boundary) are compressed together and flushed on the next turn of
 * the event loop, so the browser gets each part as soon as it would without compression.
 */
export async function pipeCompressed(
  body: ReadableStream<Uint8Array>,
  res: ServerResponse,
  encoding: Encoding,
): Promise<void> {
  const compressor = encoding === 'br' ? createBrotliCompress(brotliOptions) : createGzip(gzipOptions);
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let flushPending = false;
  const flush = () => {
    flushPending = false;
    if (!compressor.destroyed) (compressor as Gzip).flush(flushKind);
  };
  const burst = new Transform({
    transform(chunk, _encoding, done) {
      if (!flushPending) {
        flushPending = true;
        setImmediate(flush);
      }
      done(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream), burst, compressor, res);
}
