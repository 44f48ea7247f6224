import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { type Endpoint, STUDIO_API, STUDIO_PATH, studioEndpoints } from '@croupier/contracts';
import { verifyLaunch } from '@croupier/contracts/launch-link';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { StudioError } from './errors.ts';
import { createSeamlessClient, fetchTransport, injectTransport, type SeamlessClient } from './seamless-client.ts';
import { createStudio, type Studio } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The game studio (docs/studio-api.md): tests swap `studio.wallet.transport` and call `studio.service.retryPending()`. */
    studio: { service: Studio; wallet: SeamlessClient };
  }
}

export interface StudioOptions {
  config: Config;
  db: Db;
  studioSecret: string;
  /** Where the built studio UI lives (index.html + assets/). */
  uiDir?: string;
  walletTimeoutMs?: number;
  retryIntervalMs?: number;
}

export const defaultUiDir = resolve(import.meta.dirname, '../../../../studio-ui/dist');

const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const pageCsp = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'self'",
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

const MESSAGES: Record<
  string,
  { title: string; signature: string; expired: string; invalid: string; missing: string }
> = {
  en: {
    title: 'The game could not start',
    signature: 'This game link is not valid.',
    expired: 'This game link has expired. Go back to the casino and open the game again.',
    invalid: 'This game link is incomplete or invalid.',
    missing: 'This game session does not exist or has expired. Open the game again from the casino.',
  },
  de: {
    title: 'Das Spiel konnte nicht starten',
    signature: 'Dieser Spiel-Link ist ungültig.',
    expired: 'Dieser Spiel-Link ist abgelaufen. Öffne das Spiel erneut im Casino.',
    invalid: 'Dieser Spiel-Link ist unvollständig oder ungültig.',
    missing: 'Diese Spielsitzung existiert nicht oder ist abgelaufen. Öffne das Spiel erneut im Casino.',
  },
  fr: {
    title: 'Le jeu n’a pas pu démarrer',
    signature: 'Ce lien de jeu n’est pas valide.',
    expired: 'Ce lien de jeu a expiré. Rouvrez le jeu depuis le casino.',
    invalid: 'Ce lien de jeu est incomplet ou invalide.',
    missing: 'Cette session de jeu n’existe pas ou a expiré. Rouvrez le jeu depuis le casino.',
  },
  es: {
    title: 'No se pudo iniciar el juego',
    signature: 'Este enlace de juego no es válido.',
    expired: 'Este enlace de juego ha caducado. Vuelve al casino y abre el juego de nuevo.',
    invalid: 'Este enlace de juego está incompleto o no es válido.',
    missing: 'Esta sesión de juego no existe o ha caducado. Abre el juego de nuevo desde el casino.',
  },
};
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function errorPage(
  reply: FastifyReply,
  status: number,
  locale: unknown,
  kind: 'signature' | 'expired' | 'invalid' | 'missing',
) {
  const lang = typeof locale === 'string' && locale.slice(0, 2) in MESSAGES ? locale.slice(0, 2) : 'en';
  const m = MESSAGES[lang]!;
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(m.title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;background:#111;color:#eee;display:grid;place-items:center;min-height:100vh;margin:0;text-align:center;padding:1rem}</style></head><body><main><h1>${escapeHtml(m.title)}</h1><p>${escapeHtml(m[kind])}</p></main></body></html>`;
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
    .header('x-frame-options', 'SAMEORIGIN')
    .send(html);
}

/**
 * The game studio under /studio (docs/studio-api.md): launch, the game page, the UI bundle and the JSON
 * game API. A game provider of its own: money moves only through the signed seamless-wallet API.
 */
async function studioPlugin(app: FastifyInstance, opts: StudioOptions) {
  const { config, db, studioSecret } = opts;
  const url = (config as Config & { STUDIO_WALLET_URL?: string }).STUDIO_WALLET_URL;
  const wallet = createSeamlessClient({
    secret: studioSecret,
    transport: url ? fetchTransport(url) : injectTransport(app),
    timeoutMs: opts.walletTimeoutMs ?? 5000,
  });
  const service = createStudio({ db, wallet, log: app.log, retryIntervalMs: opts.retryIntervalMs });
  app.decorate('studio', { service, wallet });
  app.addHook('onReady', async () => service.start());
  app.addHook('onClose', async () => service.stop());
  const uiDir = opts.uiDir ?? defaultUiDir;

  await app.register(
    async (studio) => {
      studio.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
        if (error instanceof StudioError) {
          return reply.status(error.status).send({
            error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) },
          });
        }
        if (error.statusCode === 429) {
          return reply
            .status(429)
            .send({ error: { code: 'too_many_requests', message: 'Too many requests. Slow down.' } });
        }
        if (error.statusCode && error.statusCode < 500) {
          return reply
            .status(error.statusCode === 413 ? 413 : 400)
            .send({ error: { code: 'invalid_request', message: error.message } });
        }
        request.log.error({ err: error }, 'studio request failed');
        return reply.status(500).send({ error: { code: 'internal', message: 'Internal error' } });
      });

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
        const inject = `<script nonce="${nonce}">window.__STUDIO__=${JSON.stringify({ sessionId }).replace(/</g, '\\u003c')}</script>`;
        let html: string;
        try {
          const index = await readFile(resolve(uiDir, 'index.html'), 'utf8');
          html = index
            .replace(/(src|href)="(?:\.\/|\/)assets\//g, `$1="${STUDIO_PATH}/assets/`)
            .replace(/<script(?![^>]*\bnonce=)/g, `<script nonce="${nonce}"`);
          // First in <head>: set before any bundle script runs.
          html = /<head[^>]*>/.test(html) ? html.replace(/<head[^>]*>/, (h) => h + inject) : inject + html;
        } catch {
          html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Croupier Studio</title>${inject}</head><body><p>The studio UI is not built: run <code>npm run build -w apps/studio-ui</code>.</p></body></html>`;
        }
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', pageCsp(nonce))
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
        const body = await readFile(file);
        return reply
          .header('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(body);
      });

      // The JSON game API: the session id is the capability.
      await studio.register(
        async (api) => {
          api.addHook('onSend', async (_request, reply) => {
            reply.header('content-security-policy', API_CSP);
            reply.header('x-frame-options', 'DENY');
            reply.header('cache-control', 'no-store');
          });
          type P = { sessionId: string; roundId: string };
          // Per session (the capability), not per IP: a game loop can't flood the wallet through one session.
          const limited = {
            config: {
              rateLimit: {
                max: 600,
                timeWindow: '1 minute',
                keyGenerator: (req: FastifyRequest) => `studio:${(req.params as P).sessionId}`,
              },
            },
          };
          // Paths and methods from the contract's table (relative to this /api prefix).
          const at = (e: Endpoint) => e.path.slice(STUDIO_API.length);
          const e = studioEndpoints;
          const sessionOf = (req: FastifyRequest) => (req.params as P).sessionId;
          const clientSeedOf = (req: FastifyRequest) => (req.body as { clientSeed?: unknown } | null)?.clientSeed;
          api.get(at(e.session), limited, async (req) => service.session(sessionOf(req)));
          api.put(at(e.setClientSeed), limited, async (req) =>
            service.setClientSeed(sessionOf(req), clientSeedOf(req)),
          );
          api.post(at(e.rotateSeeds), limited, async (req) => service.rotate(sessionOf(req), clientSeedOf(req)));
          api.post(at(e.play), limited, async (req) => service.play(sessionOf(req), req.body));
          api.post(at(e.act), limited, async (req) => service.act(sessionOf(req), (req.params as P).roundId, req.body));
          api.get(at(e.rounds), limited, async (req) =>
            service.rounds(sessionOf(req), (req.query as { limit?: unknown }).limit),
          );
          api.setNotFoundHandler((request, reply) =>
            reply.status(404).send({
              error: { code: 'not_found', message: `Not found: ${request.method} ${request.url.split('?')[0]}` },
            }),
          );
        },
        { prefix: STUDIO_API.slice(STUDIO_PATH.length) },
      );
    },
    { prefix: STUDIO_PATH },
  );
}

// Not encapsulated at the top (so `app.studio` is visible to the app and tests); routes live in a child.
(studioPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
export const studioRoutes = studioPlugin;
