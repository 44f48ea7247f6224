import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf, PageQuery, pageOf } from '../envelope.ts';
import {
  Bet,
  BetsQuery,
  Collection,
  Game,
  GameLaunch,
  GameStart,
  GamesQuery,
  Provider,
  ProvidersQuery,
  ShortListQuery,
  Spin,
  Winner,
} from '../game.ts';

const tags = ['game'];
/** A game path segment: its id or its identity (api-contract §9). */
const idOrIdentity = z.object({ idOrIdentity: z.string().min(1).max(100) });
const gameId = z.object({ gameId: z.string().min(1).max(100) });
const gameList = dataOf(z.array(Game));

// `favorites` and `played` share the position of `{idOrIdentity}`: Fastify matches static segments first.
export const gameEndpoints = {
  collections: defineEndpoint({
    method: 'GET',
    path: '/api/game/collections',
    auth: 'guest',
    summary: "Game collections (categories) for the visitor's country; an empty country list means everywhere.",
    tags,
    response: dataOf(z.array(Collection)),
  }),
  providers: defineEndpoint({
    method: 'GET',
    path: '/api/game/providers',
    auth: 'guest',
    summary: 'Game providers with their count of enabled games.',
    tags,
    query: ProvidersQuery,
    response: dataOf(z.array(Provider)),
  }),
  provider: defineEndpoint({
    method: 'GET',
    path: '/api/game/providers/:providerId',
    auth: 'guest',
    summary: 'One game provider by id or identity.',
    tags,
    params: z.object({ providerId: z.string().min(1).max(100) }),
    response: dataOf(Provider),
  }),
  games: defineEndpoint({
    method: 'GET',
    path: '/api/game/games',
    auth: 'optional',
    summary: 'Games filtered by collection, provider, id, identity, name and country; sorted and paginated.',
    tags,
    query: GamesQuery,
    response: pageOf(Game),
  }),
  favorites: defineEndpoint({
    method: 'GET',
    path: '/api/game/games/favorites',
    auth: 'player',
    summary: "The player's favorite games, newest first.",
    tags,
    response: gameList,
  }),
  played: defineEndpoint({
    method: 'GET',
    path: '/api/game/games/played',
    auth: 'player',
    summary: 'Games the player played recently (real or demo), newest first.',
    tags,
    query: ShortListQuery,
    response: gameList,
  }),
  game: defineEndpoint({
    method: 'GET',
    path: '/api/game/games/:idOrIdentity',
    auth: 'guest',
    summary: 'One game by id or identity.',
    tags,
    params: idOrIdentity,
    response: dataOf(Game),
  }),
  play: defineEndpoint({
    method: 'POST',
    path: '/api/game/games/:idOrIdentity/play',
    auth: 'optional',
    summary:
      'Starts a game: answers the launch URL for the iframe. Guests may play demo only; refusals 14100/14101/14105 (limits), 14103 (real play limited), 14306 (bets restricted), 14308 (country).',
    tags,
    params: idOrIdentity,
    body: GameStart,
    response: dataOf(GameLaunch),
  }),
  addFavorite: defineEndpoint({
    method: 'POST',
    path: '/api/game/games/:gameId/favorite',
    auth: 'player',
    summary: 'Adds a game to the favorites (idempotent); answers the full list.',
    tags,
    params: gameId,
    response: gameList,
  }),
  removeFavorite: defineEndpoint({
    method: 'DELETE',
    path: '/api/game/games/:gameId/favorite',
    auth: 'player',
    summary: 'Removes a game from the favorites (idempotent); answers the full list.',
    tags,
    params: gameId,
    response: gameList,
  }),
  spins: defineEndpoint({
    method: 'GET',
    path: '/api/game/spins',
    auth: 'player',
    summary: "The player's settled real-money rounds, newest first.",
    tags,
    query: PageQuery,
    response: pageOf(Spin),
  }),
  winners: defineEndpoint({
    method: 'GET',
    path: '/api/game/spins/winners',
    auth: 'guest',
    summary: 'Latest winning rounds across players (nicknames only).',
    tags,
    query: ShortListQuery.extend({ perPage: z.coerce.number().int().min(1).max(100).default(12) }),
    response: dataOf(z.array(Winner)),
  }),
  bets: defineEndpoint({
    method: 'GET',
    path: '/api/game/bets',
    auth: 'player',
    summary: "The player's rounds: settled ones by default, open ones with isSettled=false; newest first.",
    tags,
    query: BetsQuery,
    response: pageOf(Bet),
  }),
};
