import { ApiError, ErrorCode, endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { siteOriginOf, siteOrigins } from '../../http/site-origins.ts';
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
import { type BeforeLaunchHook, type LaunchDeps, startGame } from './launch.ts';
import { CATALOGUE_SETTLE_MS, lobbyCacheOf } from './lobby-cache.ts';

const e = endpoints.game;

export interface GameRoutesOptions {
  config: Config;
  db: Db;
  /** Reads that tolerate a second of lag: the catalogue, the winners, the history (decision 0119). Default `db`. */
  readDb?: Db;
  /** The studio's signing key, resolved once per app (app.ts). */
  studioSecret: string;
  player: Pick<PlayerModule, 'getProfile'>;
  /** Checks before a launch (docs: BeforeLaunchHook). */
  beforeLaunch?: readonly BeforeLaunchHook[];
  /** Launch integrations of providers besides the studio (LaunchDeps.launchers). */
  launchers?: LaunchDeps['launchers'];
  /** How long the public winners list is reused; default 5 s (0 in tests). */
  winnersCacheMs?: number;
  /** How long games, collections and providers are reused (decision 0047); default 10 s (0 in tests). */
  catalogueCacheMs?: number;
}

/** The game service (api-contract §9): catalogue, favorites, recently played, launch and history. */
export async function gameRoutes(app: FastifyInstance, options: GameRoutesOptions) {
  const { config, db, studioSecret, player } = options;
  const readDb = options.readDb ?? db;
  const winnersCacheMs = options.winnersCacheMs ?? (config.NODE_ENV === 'test' ? 0 : 5000);
  // Tests change the catalogue with SQL, so the cache is off there unless a test turns it on (lobbyCacheOf).
  const lobby = lobbyCacheOf(db);
  lobby.ttls.catalogueMs = options.catalogueCacheMs ?? (config.NODE_ENV === 'test' ? 0 : 10_000);
  lobby.ttls.winnersMs = winnersCacheMs;
  // Just after a catalogue change the replica may not have replayed it, and what is read now is cached.
  const catalogueDb = () => (Date.now() - lobby.changedAt < CATALOGUE_SETTLE_MS ? db : readDb);
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
    const country = visitorOf(request, config.TRUST_GEO_HEADERS).country;
    return {
      data: await lobby.read('catalogueMs', `collections|${country ?? ''}`, () =>
        listCollections(catalogueDb(), country),
      ),
    };
  });
  route(app, e.providers, async ({ query, reply }) => {
    reply.headers(shared(120));
    return {
      data: await lobby.read('catalogueMs', `providers|${JSON.stringify(query)}`, () =>
        listProviders(catalogueDb(), query),
      ),
    };
  });
  route(app, e.provider, async ({ params }) => {
    const provider = await lobby.read('catalogueMs', `provider|${params.providerId}`, () =>
      findProvider(catalogueDb(), params.providerId),
    );
    if (!provider) throw notFound('Provider');
    return { data: provider };
  });
  route(app, e.games, async ({ query, reply }) => {
    reply.headers(noStore);
    return lobby.read('catalogueMs', `games|${JSON.stringify(query)}`, () => listGames(catalogueDb(), query));
  });
  route(app, e.game, async ({ params }) => {
    const game = await lobby.read('catalogueMs', `game|${params.idOrIdentity}`, async () => {
      const reads = catalogueDb();
      const row = await findGame(reads, params.idOrIdentity);
      if (!row) throw notFound();
      const [presented] = await present(reads, [row]);
      return presented!;
    });
    return { data: game };
  });
  route(app, e.play, async ({ params, body, request, reply }) => {
    reply.headers(noStore);
    // Without an origin of its own the studio is this process: same origin as the page (decision 0050).
    const studioUrl = config.STUDIO_PUBLIC_URL ?? siteOriginOf(config, request);
    return {
      data: await startGame(
        { db, studioSecret, studioUrl, player, beforeLaunch: options.beforeLaunch, launchers: options.launchers },
        {
          idOrIdentity: params.idOrIdentity,
          body,
          playerId: request.player?.playerId ?? null,
          geoCountry: visitorOf(request, config.TRUST_GEO_HEADERS).country,
          siteOrigins: siteOrigins(config, request),
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
    return listSpins(readDb, { playerId: playerOf(request).playerId, ...query });
  });
  route(app, e.bets, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return listBets(readDb, { playerId: playerOf(request).playerId, ...query });
  });

  route(app, e.winners, async ({ query, reply }) => {
    reply.headers(shared(Math.ceil(winnersCacheMs / 1000)));
    const key = `${query.perPage}|${query.platform ?? ''}|${query.countryCode ?? ''}`;
    return { data: await lobby.read('winnersMs', key, () => listWinners(readDb, query, config.BIG_WIN_MULTIPLIER)) };
  });
}
