import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { STUDIO_PATH } from '@croupier/contracts';
import { verifyLaunch } from '@croupier/contracts/launch-link';
import type { FastifyInstance } from 'fastify';
import { negotiateEncoding } from '../../http/compression.ts';
import { errorPage } from './error-page.ts';
import { StudioError } from './errors.ts';
import type { Studio } from './service.ts';

/** The studio's HTML side: the launch link, the game page and the UI bundle's assets. */

export interface PageDeps {
  service: Studio;
  studioSecret: string;
  /** Where the built studio UI lives (index.html + assets/). */
  uiDir: string;
  /** Origins besides its own that may frame the game page: the site's, when the studio has an origin of its own. */
  frameAncestors?: readonly string[];
}

const pageCsp = (nonce: string, frameAncestors: readonly string[] = []) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    ["frame-ancestors 'self'", ...frameAncestors].join(' '),
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
  '.map': 'application/json',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
};

/** The UI's index.html with the session injected and every script under the page's nonce. */
async function gamePage(uiDir: string, sessionId: string, nonce: string): Promise<string> {
  const inject = `<script nonce="${nonce}">window.__STUDIO__=${JSON.stringify({ sessionId }).replace(/</g, '\\u003c')}</script>`;
  try {
    const index = await readFile(resolve(uiDir, 'index.html'), 'utf8');
    const html = index
      .replace(/(src|href)="(?:\.\/|\/)assets\//g, `$1="${STUDIO_PATH}/assets/`)
      .replace(/<script(?![^>]*\bnonce=)/g, `<script nonce="${nonce}"`);
    // First in <head>: set before any bundle script runs.
    return /<head[^>]*>/.test(html) ? html.replace(/<head[^>]*>/, (h) => h + inject) : inject + html;
  } catch {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Croupier Studio</title>${inject}</head><body><p>The studio UI is not built: run <code>npm run build -w apps/studio-ui</code>.</p></body></html>`;
  }
}

export function pageRoutes(studio: FastifyInstance, { service, studioSecret, uiDir, frameAncestors }: PageDeps): void {
  studio.get('/launch', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const check = verifyLaunch(studioSecret, query);
    if (!check.ok) return errorPage(reply, check.reason === 'signature' ? 403 : 400, query.locale, check.reason);
    let sessionId: string;
    try {
      sessionId = await service.openSession(check.params);
    } catch (e) {
      if (e instanceof StudioError) return errorPage(reply, 400, query.locale, 'invalid');
      throw e;
    }
    return reply.header('cache-control', 'no-store').redirect(`${STUDIO_PATH}/play/${sessionId}`, 302);
  });

  studio.get('/play/:sessionId', async (request, reply) => {
    const { sessionId } = request.params as { sessionId: string };
    if (!(await service.sessionExists(sessionId))) return errorPage(reply, 404, undefined, 'missing');
    const nonce = randomBytes(16).toString('base64');
    const html = await gamePage(uiDir, sessionId, nonce);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageCsp(nonce, frameAncestors))
      .header('x-frame-options', 'SAMEORIGIN')
      .send(html);
  });

  studio.get('/assets/*', async (request, reply) => {
    const rel = (request.params as { '*': string })['*'];
    const root = resolve(uiDir, 'assets');
    const file = resolve(root, rel);
    if (!file.startsWith(root + sep) || !existsSync(file)) {
      return reply.status(404).header('content-type', 'text/plain').send('Not found');
    }
    // The build's .br / .gz sibling when the client takes that encoding (decision 0046); else the file itself,
    // which the global compression hook may still compress.
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const sibling = encoding && `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    const precompressed = sibling && existsSync(sibling) ? sibling : null;
    if (precompressed) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    const body = await readFile(precompressed ?? file);
    return reply
      .header('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body);
  });
}
