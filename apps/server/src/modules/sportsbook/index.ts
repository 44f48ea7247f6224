import { createHmac } from 'node:crypto';
import { STUDIO_PATH } from '@croupier/contracts';
import { studioLaunchUrl } from '@croupier/contracts/launch-link';
import { SPORTSBOOK_GAME_ID, SPORTSBOOK_PATH, SPORTSBOOK_PROVIDER_ID } from '@croupier/contracts/sportsbook';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { siteOrigins } from '../../http/site-origins.ts';
import { createSeamlessClient, fetchTransport, injectTransport } from '../studio/index.ts';
import { sportsbookRoutes } from './routes.ts';
import { createSportsbook, type Sportsbook } from './service.ts';
import { createStore } from './store.ts';

// The sandbox sportsbook (docs/sportsbook.md, decision 0071): a game provider of its own, `betsy`, on in the demo.

export type { Sportsbook } from './service.ts';

/** On in the `npm start` demo only: its results are drawn by this process, which a real book never lets a casino do. */
export const sportsbookSandboxEnabled = (config: Pick<Config, 'DEMO'>) => config.DEMO;

/** The provider's signing key, derived from the studio's (one secret to keep, a different key per provider). */
export const sportsbookSecret = (studioSecret: string) =>
  createHmac('sha256', studioSecret).update(`provider:${SPORTSBOOK_PROVIDER_ID}`).digest('hex');

/** Its row in the seamless wallet's providers (the wallet signs and checks with it). */
export const sportsbookProvider = (secret: string) => ({
  id: SPORTSBOOK_PROVIDER_ID,
  name: 'Betsy (sandbox)',
  secret,
  games: [SPORTSBOOK_GAME_ID],
  enabled: true,
});

/** How the casino launches its game: the studio's signed link format, under /sportsbook. */
export const sportsbookLauncher = (secret: string) => ({
  providerId: SPORTSBOOK_PROVIDER_ID,
  link: (params: Parameters<typeof studioLaunchUrl>[1]) =>
    `${SPORTSBOOK_PATH}${studioLaunchUrl(secret, params).slice(STUDIO_PATH.length)}`,
});

/** Mounts the sandbox on the app; answers its service (tests fix the draw through `random`). */
export async function registerSportsbook(
  app: FastifyInstance,
  opts: { config: Config; secret: string; random?: () => number },
): Promise<Sportsbook> {
  const url = (opts.config as Config & { STUDIO_WALLET_URL?: string }).STUDIO_WALLET_URL;
  const wallet = createSeamlessClient({
    secret: opts.secret,
    providerId: SPORTSBOOK_PROVIDER_ID,
    transport: url ? fetchTransport(url) : injectTransport(app),
  });
  const service = createSportsbook({ wallet, store: createStore(), random: opts.random });
  const frameAncestors = opts.config.STUDIO_PUBLIC_URL ? siteOrigins(opts.config) : [];
  await sportsbookRoutes(app, { service, secret: opts.secret, frameAncestors });
  return service;
}
