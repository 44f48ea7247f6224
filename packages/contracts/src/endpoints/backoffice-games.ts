import { z } from 'zod';
import {
  BackofficeCollection,
  BackofficeGame,
  BackofficeGamesQuery,
  BackofficeProvider,
  BulkGamesRequest,
  BulkGamesResult,
  CollectionGame,
  CreateCollectionRequest,
  CreateGameRequest,
  collectionIdParams,
  gameIdParams,
  RemoveCollectionRequest,
  ReorderCollectionsRequest,
  SetCollectionGamesRequest,
  thumbnailFileParams,
  UpdateCollectionRequest,
  UpdateGameRequest,
} from '../backoffice/games.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf, pageOf } from '../envelope.ts';

// The game catalogue editor (issue 27, backoffice-api.md §9). Every change takes a reason, is audited with its
// before and after, and reaches every instance's lobby at once (config bus, scope `lobby`).

const permission = 'catalogue:write' as const;
const tags = ['backoffice'];

export const backofficeGameEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/games',
    auth: 'staff',
    permission,
    summary: 'Every game, enabled or not, by lobby order: filters by provider, state, collection and name.',
    tags,
    query: BackofficeGamesQuery,
    response: pageOf(BackofficeGame),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/games',
    auth: 'staff',
    permission,
    summary:
      'Creates a game of an existing provider, disabled unless `enabled` is given (check it, then enable it). 422 with fields on a taken identity or an unknown provider.',
    tags,
    body: CreateGameRequest,
    response: dataOf(BackofficeGame),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/games/:id',
    auth: 'staff',
    permission,
    summary: 'One game as the editor shows it.',
    tags,
    params: gameIdParams,
    response: dataOf(BackofficeGame),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/backoffice/games/:id',
    auth: 'staff',
    permission,
    summary:
      'Changes a game (enabled, name, order, badges, collections, countries…). A disabled game leaves the lobby and refuses new launches; rounds already open settle.',
    tags,
    params: gameIdParams,
    body: UpdateGameRequest,
    response: dataOf(BackofficeGame),
  }),
  bulk: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/games/bulk',
    auth: 'staff',
    permission,
    summary:
      'Enables, disables, adds to or removes from a collection every selected game in one transaction: one audit row per game changed.',
    tags,
    body: BulkGamesRequest,
    response: dataOf(BulkGamesResult),
  }),
  uploadThumbnail: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/games/:id/thumbnail',
    auth: 'staff',
    permission,
    summary:
      "Uploads the game's own thumbnail: multipart/form-data with `file` (JPEG, PNG or WebP, by content, at most 5 MiB, at least 200 px a side) and `reason`. Resized to 200x300 and 200x200 at 1x, 2x and 3x and shown before the hub's. 413 when too large; 422 with fields.file when not an image.",
    tags,
    params: gameIdParams,
    response: dataOf(BackofficeGame),
  }),
  providers: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/game-providers',
    auth: 'staff',
    permission,
    summary: 'The providers, for the list filter, with how many games each has.',
    tags,
    response: dataOf(z.array(BackofficeProvider)),
  }),
  collections: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/game-collections',
    auth: 'staff',
    permission,
    summary: 'Every collection in lobby order, hidden ones included, with its number of games.',
    tags,
    response: dataOf(z.array(BackofficeCollection)),
  }),
  createCollection: defineEndpoint({
    method: 'POST',
    path: '/api/backoffice/game-collections',
    auth: 'staff',
    permission,
    summary: 'Creates a collection, last in the lobby order. Its identity is its `/categories/{identity}` path.',
    tags,
    body: CreateCollectionRequest,
    response: dataOf(BackofficeCollection),
  }),
  reorderCollections: defineEndpoint({
    method: 'PUT',
    path: '/api/backoffice/game-collections/order',
    auth: 'staff',
    permission,
    summary: 'Sets the lobby order of the collections: every collection id, in the new order.',
    tags,
    body: ReorderCollectionsRequest,
    response: dataOf(z.array(BackofficeCollection)),
  }),
  updateCollection: defineEndpoint({
    method: 'PUT',
    path: '/api/backoffice/game-collections/:id',
    auth: 'staff',
    permission,
    summary: 'Renames a collection, or changes its countries or whether it is hidden. Its identity stays.',
    tags,
    params: collectionIdParams,
    body: UpdateCollectionRequest,
    response: dataOf(BackofficeCollection),
  }),
  removeCollection: defineEndpoint({
    method: 'DELETE',
    path: '/api/backoffice/game-collections/:id',
    auth: 'staff',
    permission,
    summary:
      'Removes a collection and its memberships (JSON body with the reason); its games stay in the catalogue and their other collections.',
    tags,
    params: collectionIdParams,
    body: RemoveCollectionRequest,
    response: dataOf(z.object({ id: z.string() })),
  }),
  collectionGames: defineEndpoint({
    method: 'GET',
    path: '/api/backoffice/game-collections/:id/games',
    auth: 'staff',
    permission,
    summary: "The collection's games in its order.",
    tags,
    params: collectionIdParams,
    response: dataOf(z.array(CollectionGame)),
  }),
  setCollectionGames: defineEndpoint({
    method: 'PUT',
    path: '/api/backoffice/game-collections/:id/games',
    auth: 'staff',
    permission,
    summary: "Sets the collection's games, whole and in order: adds, removes and reorders in one change.",
    tags,
    params: collectionIdParams,
    body: SetCollectionGamesRequest,
    response: dataOf(z.array(CollectionGame)),
  }),
};

/**
 * The uploaded thumbnails as the lobby loads them (the Game's `customImages`): public, immutable (a new upload
 * is a new version). Not in the back office's table: browsers load these as images, no client calls them.
 */
export const gameThumbnailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/game/thumbnails/:gameId/:version/:file',
  auth: 'guest',
  summary: 'An operator-uploaded game thumbnail (`{size}@{density}x.png`), cached for a year.',
  tags: ['game'],
  params: thumbnailFileParams,
  response: z.unknown(),
});
