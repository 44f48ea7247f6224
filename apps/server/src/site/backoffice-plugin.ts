import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

/** Where the back office lives on the site (its React Router basename, apps/backoffice). */
export const BACKOFFICE_PATH = '/backoffice';

/**
 * The back office page's Content-Security-Policy (decision 0109). Scripts and <style> elements need the
 * answer's nonce: the SPA's index.html has inline boot scripts, and Radix's scroll lock adds a <style> at run
 * time (it reads the nonce from the page). Style attributes stay allowed (menus and dialogs are positioned with
 * them; they cannot load anything). It calls only this origin's API and socket, and no page may frame it. The
 * socket (the live dashboard, decision 0110) is named by scheme and host: browsers before CSP 3 do not count
 * ws:/wss: as 'self'. Both the site's host and the back office's own origin, when it is served apart.
 */
export function backofficePolicy(config: Pick<Config, 'publicUrl' | 'BACKOFFICE_ORIGIN'>): (nonce: string) => string {
  const socketOf = (origin: string) => {
    const url = new URL(origin);
    return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  };
  const sockets = [...new Set([config.publicUrl, config.BACKOFFICE_ORIGIN].filter((o) => o !== undefined))]
    .map(socketOf)
    .join(' ');
  return (nonce) =>
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      `style-src 'self' 'nonce-${nonce}'`,
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self' ${sockets}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; ');
}

/** index.html with the answer's nonce on every <script> (the build writes them without one). */
export const withNonce = (html: string, nonce: string): string =>
  html.replace(/<script(?=[\s>])(?![^>]*\bnonce=)/g, `<script nonce="${nonce}"`);

const notBuilt = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Croupier back office</title></head><body><main><h1>The back office is not built</h1><p>Run <code>npm run build</code> (npm start does it for you).</p></main></body></html>`;

/**
 * The back office (apps/backoffice, a single-page app) at /backoffice: hashed assets with immutable caching
 * under /backoffice/assets/, and index.html for every other /backoffice path, never cached. Registered before
 * the player site, whose catch-all would otherwise render these paths. Without a build, the paths answer 503
 * with a page that says how to build: the player site and the API do not depend on it.
 */
export async function backofficePlugin(app: FastifyInstance, { config }: { config: Config }) {
  const clientDir = join(config.backofficeBuildDir, 'client');
  const indexFile = join(clientDir, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn(`No back-office build at ${config.backofficeBuildDir}: /backoffice answers 503.`);
  // Read once: a deployment replaces the build and restarts the process.
  const index = built ? readFileSync(indexFile, 'utf8') : null;
  const policy = backofficePolicy(config);

  if (built) {
    await app.register(fastifyStatic, {
      root: join(clientDir, 'assets'),
      prefix: `${BACKOFFICE_PATH}/assets/`,
      immutable: true,
      maxAge: '1y',
      index: false,
      // The .br / .gz files the build writes next to each asset (scripts/precompress.mjs), by Accept-Encoding.
      preCompressed: true,
    });
  }

  const page = (reply: FastifyReply) => {
    const nonce = randomBytes(16).toString('base64');
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', policy(nonce))
      .header('x-frame-options', 'DENY')
      .header('x-robots-tag', 'noindex, nofollow');
    if (!index) return reply.status(503).send(notBuilt);
    return reply.send(withNonce(index, nonce));
  };

  // Every path of the app is one page: React Router (basename /backoffice) routes it in the browser.
  app.get(BACKOFFICE_PATH, (_request, reply) => page(reply));
  app.get(`${BACKOFFICE_PATH}/*`, (request, reply) => {
    // An asset that does not exist is a 404, not the app's page (a stale tab asking for an old chunk).
    if (request.url.startsWith(`${BACKOFFICE_PATH}/assets/`)) {
      return reply.status(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    }
    return page(reply);
  });
}
