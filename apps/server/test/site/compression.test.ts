import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, createBrotliDecompress, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { negotiateEncoding, varyWithEncoding } from '../../src/http/compression.ts';
import { freshDatabase } from '../harness.ts';

// Issue 15 §1, decision 0046: Brotli or gzip by Accept-Encoding for JSON, pages and assets; hashed assets
// sent as the build precompressed them; a streamed page still arrives in parts.

/**
 * A stand-in web build: one route whose entry streams a page in two parts, the second `/slow` 300 ms later,
 * and a hashed asset with its build-time .br / .gz copies (marked, so the test sees which file went out).
 */
function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-fake-build-'));
  mkdirSync(join(dir, 'server'));
  mkdirSync(join(dir, 'client/assets'), { recursive: true });
  writeFileSync(
    join(dir, 'server/index.js'),
    `const part = (n) => '<p>' + 'part ' + n + ' '.repeat(10) + 'x'.repeat(2000) + '</p>';
export const entry = { module: { default(request, status, headers) {
  const slow = new URL(request.url).pathname === '/slow';
  const encoder = new TextEncoder();
  const body = new ReadableStream({ async start(c) {
    c.enqueue(encoder.encode('<!doctype html><html><body>' + part(1)));
    if (slow) await new Promise((r) => setTimeout(r, 300));
    c.enqueue(encoder.encode(part(2) + '<!--end--></body></html>'));
    c.close();
  } });
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(body, { status, headers });
} } };
export const routes = { root: { id: 'root', path: '', module: { default: () => null } },
  page: { id: 'page', parentId: 'root', path: '*', module: { default: () => null } } };
export const assets = { version: 'test', url: '/assets/manifest.js', entry: { module: '/assets/entry.js', imports: [] },
  routes: { root: { id: 'root', path: '', module: '/assets/root.js', hasLoader: false, hasAction: false },
    page: { id: 'page', parentId: 'root', path: '*', module: '/assets/page.js', hasLoader: false, hasAction: false } } };
export const publicPath = '/';
export const assetsBuildDirectory = 'client';
export const basename = '/';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'initial' };
export const allowedActionOrigins = false;
`,
  );
  const js = `export const big = ${JSON.stringify('croupier '.repeat(1000))};\n`;
  writeFileSync(join(dir, 'client/assets/app-abc123.js'), js);
  writeFileSync(join(dir, 'client/assets/app-abc123.js.br'), brotliCompressSync(`${js}//br`));
  writeFileSync(join(dir, 'client/assets/app-abc123.js.gz'), gzipSync(`${js}//gz`));
  writeFileSync(join(dir, 'client/assets/plain-def456.css'), `body{color:red}${' '.repeat(4000)}`);
  return dir;
}

describe('response compression', () => {
  let app: FastifyInstance;
  let base: string;
  let buildDir: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    buildDir = fakeWebBuild();
    const fresh = await freshDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      WEB_BUILD_DIR: buildDir,
    });
    app = await buildApp({ config, database: fresh.database, logger: false, site: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
    close = async () => {
      await app.close();
      await fresh.database.close();
      await fresh.drop();
      rmSync(buildDir, { recursive: true, force: true });
    };
  }, 60_000);
  afterAll(() => close?.());

  it('negotiates Brotli first, then gzip, honouring q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('*;q=0')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(varyWithEncoding(undefined)).toBe('accept-encoding');
    expect(varyWithEncoding('cf-ipcountry')).toBe('cf-ipcountry, accept-encoding');
    expect(varyWithEncoding('Accept-Encoding')).toBe('Accept-Encoding');
  });

  it('compresses JSON answers by Accept-Encoding and says so in Vary', async () => {
    const url = '/api/settings/countries';
    const plain = await app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const none = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });

  it('leaves small answers and request bodies alone', async () => {
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    // A compressed request body is not inflated: signed calls are checked on the bytes sent.
    const posted = await app.inject({
      method: 'POST',
      url: '/api/player/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@b.c', password: 'x' })),
    });
    expect(posted.statusCode).toBeGreaterThanOrEqual(400);
    expect(posted.statusCode).toBeLessThan(500);
  });

  it('serves the build-time .br and .gz copies of a hashed asset, with Vary', async () => {
    const url = '/assets/app-abc123.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/\/\/br$/);

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toMatch(/\/\/gz$/);

    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^export const big/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    // No build-time copy: compressed on the way out instead.
    const css = await app.inject({ url: '/assets/plain-def456.css', headers: { 'accept-encoding': 'br' } });
    expect(css.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(css.rawPayload).toString()).toMatch(/^body\{color:red\}/);
  });

  it('compresses pages (Brotli or gzip) and keeps them plain without Accept-Encoding', async () => {
    const plain = await app.inject({ url: '/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('<!--end-->');

    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.headers['content-security-policy']).toContain('nonce-');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('a compressed page still streams: the first part arrives before the rest is rendered', async () => {
    const started = Date.now();
    const parts: { at: number; text: string }[] = [];
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${base}/slow`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('br');
        const inflate = createBrotliDecompress();
        res.pipe(inflate);
        inflate.on('data', (chunk: Buffer) => parts.push({ at: Date.now() - started, text: chunk.toString() }));
        inflate.on('end', resolve);
        inflate.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    const text = parts.map((p) => p.text).join('');
    expect(text).toContain('<!--end-->');
    const first = parts.find((p) => p.text.includes('part 1'))!;
    const second = parts.find((p) => p.text.includes('part 2'))!;
    expect(first.text).not.toContain('part 2');
    expect(second.at - first.at).toBeGreaterThanOrEqual(250);
  });
});
