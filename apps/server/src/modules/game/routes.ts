import { ApiError, ErrorCode, endpoints, type Winner } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { visitorOf } from '../../http/visitor.ts';
import { type PlayerModule, playerOf } from '../player/index.ts';
import {
  addFavorite,
  findGame,
  findProvider,
  listCollections,
  listFavorites,
  listGames,
  listPlayed,
  listProviders,
  present,
  removeFavorite,
} from './catalogue.ts';
import { listBets, listSpins, listWinners } from './history.ts';
import { type BeforeLaunchHook, startGame } from './launch.ts';

const e = endpoints.game;

export interface GameRoutesOptions {
  config: Config;
  db: Db;
  /** The studio's signing key, resolved once per app (app.ts). */
  studioSecret: string;
  player: Pick<PlayerModule, 'getProfile'>;
  /** Checks before a launch (docs: BeforeLaunchHook). */
  beforeLaunch?: readonly BeforeLaunchHook[];
  /** How long the public winners list is reused; default 5 s (0 in tests). */
  winnersCacheMs?: number;
}

/** The game service (api-contract §9): catalogue, favorites, recently played, launch and history. */
export async function gameRoutes(app: FastifyInstance, options: GameRoutesOptions) {
  const { config, db, studioSecret, player } = options;
  const winnersCacheMs = options.winnersCacheMs ?? (config.NODE_ENV === 'test' ? 0 : 5000);
  const noStore = { 'cache-control': 'no-store' };
  const shared = (seconds: number) => ({ 'cache-control': `public, max-age=${seconds}` });
  const notFound = (what = 'Game') => ApiError.of(ErrorCode.notFound, `${what} not found.`);
  const gameOf = async (value: string) => {
    const row = await findGame(db, value);
    if (!row) throw notFound();
    return row;
  };

  route(app, e.collections, async ({ request, reply }) => {
    reply.headers({ ...shared(120), vary: 'cf-ipcountry' });
    return { data: await listCollections(db, visitorOf(request, config.TRUST_GEO_HEADERS).country) };
  });
  route(app, e.providers, async ({ query, reply }) => {
    reply.headers(shared(120));
    return { data: await listProviders(db, query) };
  });
  route(app, e.provider, async ({ params }) => {
    const provider = await findProvider(db, params.providerId);
    if (!provider) throw notFound('Provider');
    return { data: provider };
  });
  route(app, e.games, async ({ query, reply }) => {
    reply.headers(noStore);
    return listGames(db, query);
  });
  route(app, e.game, async ({ params }) => {
    const [game] = await present(db, [await gameOf(params.idOrIdentity)]);
    return { data: game! };
  });
  route(app, e.play, async ({ params, body, request, reply }) => {
    reply.headers(noStore);
    return {
      data: await startGame(
        { db, studioSecret, publicUrl: config.publicUrl, player, beforeLaunch: options.beforeLaunch },
        {
          idOrIdentity: params.idOrIdentity,
          body,
          playerId: request.player?.playerId ?? null,
          geoCountry: visitorOf(request, config.TRUST_GEO_HEADERS).country,
          requestOrigin: new URL(`${request.protocol}://${request.host}`).origin,
        },
      ),
    };
  });

  route(app, e.favorites, async ({ request, reply }) => {
    reply.headers(noStore);
    return { data: await listFavorites(db, playerOf(request).playerId) };
  });
  route(app, e.addFavorite, async ({ request, params }) => {
    const { playerId } = playerOf(request);
    await addFavorite(db, playerId, (await gameOf(params.gameId)).id);
    return { data: await listFavorites(db, playerId) };
  });
  route(app, e.removeFavorite, async ({ request, params }) => {
    const { playerId } = playerOf(request);
    await removeFavorite(db, playerId, (await gameOf(params.gameId)).id);
    return { data: await listFavorites(db, playerId) };
  });
  route(app, e.played, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return { data: await listPlayed(db, playerOf(request).playerId, query) };
  });

  route(app, e.spins, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return listSpins(db, { playerId: playerOf(request).playerId, ...query });
  });
  route(app, e.bets, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return listBets(db, { playerId: playerOf(request).playerId, ...query });
  });

  const winnersCache = new Map<string, { at: number; data: Promise<Winner[]> }>();
  route(app, e.winners, async ({ query, reply }) => {
    reply.headers(shared(Math.ceil(winnersCacheMs / 1000)));
    if (winnersCacheMs <= 0) return { data: await listWinners(db, query) };
    const key = `${query.perPage}|${query.platform ?? ''}|${query.countryCode ?? ''}`;
    const now = Date.now();
    let entry = winnersCache.get(key);
    if (!entry || now - entry.at > winnersCacheMs) {
      if (winnersCache.size > 500) winnersCache.clear();
      entry = { at: now, data: listWinners(db, query) };
      winnersCache.set(key, entry);
      entry.data.catch(() => winnersCache.delete(key));
    }
    return { data: await entry.data };
  });
}
