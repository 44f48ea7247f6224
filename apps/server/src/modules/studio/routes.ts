import { resolve } from 'node:path';
import { STUDIO_API, STUDIO_PATH } from '@croupier/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { siteOrigins } from '../../http/site-origins.ts';
import { apiRoutes } from './api-routes.ts';
import { StudioError } from './errors.ts';
import { pageRoutes } from './page-routes.ts';
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

/** Studio errors as their JSON answer; anything else below 500 as invalid_request; the rest is logged. */
function studioErrorHandler(
  error: Error & { statusCode?: number; code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof StudioError) {
    return reply.status(error.status).send({
      error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) },
    });
  }
  if (error.statusCode === 429) {
    return reply.status(429).send({ error: { code: 'too_many_requests', message: 'Too many requests. Slow down.' } });
  }
  if (error.statusCode && error.statusCode < 500) {
    return reply
      .status(error.statusCode === 413 ? 413 : 400)
      .send({ error: { code: 'invalid_request', message: error.message } });
  }
  request.log.error({ err: error }, 'studio request failed');
  return reply.status(500).send({ error: { code: 'internal', message: 'Internal error' } });
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
      studio.setErrorHandler(studioErrorHandler);
      // A studio on an origin of its own (STUDIO_PUBLIC_URL) is framed by the site's origins (decision 0050).
      const frameAncestors = config.STUDIO_PUBLIC_URL ? siteOrigins(config) : [];
      pageRoutes(studio, { service, studioSecret, uiDir, frameAncestors });
      await studio.register(async (api) => apiRoutes(api, service), { prefix: STUDIO_API.slice(STUDIO_PATH.length) });
    },
    { prefix: STUDIO_PATH },
  );
}

// Not encapsulated at the top (so `app.studio` is visible to the app and tests); routes live in a child.
(studioPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
export const studioRoutes = studioPlugin;
