import { z } from 'zod';
import { PageQuery } from '../envelope.ts';
import { GameImages } from '../game.ts';
import { Reason } from './staff.ts';

/**
 * The game catalogue editor (issue 27, backoffice-api.md §9): games, their collections and thumbnails, edited by
 * staff with `catalogue:write`. One schema per shape, used by the server's validation and the back office's forms.
 */

/** ISO 3166 alpha-2, upper-cased (api-contract §1.5). */
export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A two-letter country code (ISO 3166), e.g. DE.');

const countryList = z
  .array(CountryCode)
  .max(250, 'At most 250 countries.')
  .transform((list) => [...new Set(list)].sort());

/** A card label ('new', 'hot', 'exclusive'): lower-case letters, digits and dashes. */
export const Badge = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,23}$/, 'A badge is 1 to 24 lower-case letters, digits or dashes.');

/** A collection's identity: the lobby's `/categories/{identity}` segment. */
export const CollectionIdentity = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Lower-case letters, digits and dashes, at most 64.');

const Name = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field is required.')
  .max(100, 'At most 100 characters.');
const Order = z.number().int('A whole number.').min(0, '0 or more.').max(1_000_000, 'At most 1,000,000.');

/** A collection as a game names it. */
export const CollectionRef = z.object({ id: z.string(), identity: z.string(), name: z.string() });
export type CollectionRef = z.infer<typeof CollectionRef>;

/** A game as the editor shows it: everything staff may change, and what they need to find it. */
export const BackofficeGame = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  provider: z.object({ id: z.string(), identity: z.string(), name: z.string() }),
  type: z.string(),
  enabled: z.boolean(),
  /** The lobby's default order (ascending); a collection has its own order inside it. */
  order: z.number().int(),
  /** Popularity weight for `sortBy=score`, higher first. */
  score: z.number().int(),
  isDemoMode: z.boolean(),
  rtp: z.number().nullable(),
  description: z.string().nullable(),
  badges: z.array(z.string()),
  /** Where it is shown and played; empty: everywhere (its collections may still limit it). */
  countries: z.array(z.string()),
  /** Where it is never shown nor played. */
  restrictedCountries: z.array(z.string()),
  collections: z.array(CollectionRef),
  /** The game hub's thumbnails (the integration's). */
  images: GameImages,
  /** The operator's uploaded thumbnails, shown first (empty: none). */
  customImages: GameImages,
  updatedAt: z.string(),
});
export type BackofficeGame = z.infer<typeof BackofficeGame>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `GET /api/backoffice/games`: filters by provider, state, collection (id or identity) and name or identity. */
export const BackofficeGamesQuery = PageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  provider: z.string().trim().max(100).optional(),
  enabled: flag.optional(),
  collection: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100).optional(),
});
export type BackofficeGamesQuery = z.input<typeof BackofficeGamesQuery>;

export const gameIdParams = z.object({ id: z.uuid() });

const noOverlap = (
  value: { countries?: string[] | undefined; restrictedCountries?: string[] | undefined },
  ctx: z.RefinementCtx,
) => {
  const both = (value.restrictedCountries ?? []).filter((c) => value.countries?.includes(c));
  if (both.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['restrictedCountries'],
      message: `Shown in and restricted from the same countries: ${both.join(', ')}.`,
    });
  }
};

/** The game's fields staff change; each is optional, absent: unchanged. */
export const GameChangeFields = z.object({
  enabled: z.boolean().optional(),
  name: Name.optional(),
  description: z.string().trim().max(2000, 'At most 2,000 characters.').nullable().optional(),
  order: Order.optional(),
  score: Order.optional(),
  badges: z
    .array(Badge)
    .max(5, 'At most 5 badges.')
    .transform((list) => [...new Set(list)])
    .optional(),
  /** The collections it is in (ids): the whole set, replacing the current one. */
  collections: z
    .array(z.uuid('An unknown collection.'))
    .max(100)
    .transform((list) => [...new Set(list)])
    .optional(),
  countries: countryList.optional(),
  restrictedCountries: countryList.optional(),
});

/** `PUT /api/backoffice/games/{id}` (§9): a disabled game leaves the lobby and refuses new launches. */
export const UpdateGameRequest = GameChangeFields.extend({ reason: Reason }).superRefine(noOverlap);
export type UpdateGameRequest = z.input<typeof UpdateGameRequest>;

/** A game's identity: its page's path segment and the seamless `gameId` the provider names it by. */
export const GameIdentity = z
  .string({ error: 'This field is required.' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Lower-case letters, digits and dashes, at most 64.');

/**
 * `POST /api/backoffice/games`: a game of an existing provider, its identity the provider's own game id (the
 * seamless `gameId`). Disabled unless asked, so staff can check it before it goes live.
 */
export const CreateGameRequest = GameChangeFields.extend({
  providerId: z.uuid('Choose a provider.'),
  identity: GameIdentity,
  name: Name,
  /** 'slots', 'table', 'originals', … (the lobby's game type). */
  type: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, 'Lower-case letters, digits and dashes, at most 32.')
    .default('slots'),
  enabled: z.boolean().default(false),
  reason: Reason,
}).superRefine(noOverlap);
export type CreateGameRequest = z.input<typeof CreateGameRequest>;

/** One change applied to every selected game, in one transaction; the collection actions name the collection. */
export const BULK_GAME_ACTIONS = ['enable', 'disable', 'addToCollection', 'removeFromCollection'] as const;

export const BulkGamesRequest = z
  .object({
    ids: z
      .array(z.uuid('An unknown game.'))
      .min(1, 'Select at least one game.')
      .max(500, 'At most 500 games at once.')
      .transform((list) => [...new Set(list)]),
    action: z.enum(BULK_GAME_ACTIONS, { error: 'Choose enable, disable, addToCollection or removeFromCollection.' }),
    collectionId: z.uuid('Choose a collection.').optional(),
    reason: Reason,
  })
  .superRefine((value, ctx) => {
    const needs = value.action === 'addToCollection' || value.action === 'removeFromCollection';
    if (needs && !value.collectionId) {
      ctx.addIssue({ code: 'custom', path: ['collectionId'], message: 'Choose a collection.' });
    }
  });
export type BulkGamesRequest = z.input<typeof BulkGamesRequest>;

/** How many games the change touched (a game already in that state is not counted), and which. */
export const BulkGamesResult = z.object({ changed: z.number().int(), ids: z.array(z.string()) });
export type BulkGamesResult = z.infer<typeof BulkGamesResult>;

/** A provider for the list's filter. */
export const BackofficeProvider = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  games: z.number().int(),
});
export type BackofficeProvider = z.infer<typeof BackofficeProvider>;

// ── Collections ─────────────────────────────────────────────────────────────

export const BackofficeCollection = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  /** The lobby's order of collections (ascending). */
  order: z.number().int(),
  /** Empty: shown everywhere; otherwise only there (and its games play only there). */
  countries: z.array(z.string()),
  isHidden: z.boolean(),
  games: z.number().int(),
});
export type BackofficeCollection = z.infer<typeof BackofficeCollection>;

export const collectionIdParams = z.object({ id: z.uuid() });

export const CreateCollectionRequest = z.object({
  identity: CollectionIdentity,
  name: Name,
  countries: countryList.default([]),
  isHidden: z.boolean().default(false),
  reason: Reason,
});
export type CreateCollectionRequest = z.input<typeof CreateCollectionRequest>;

export const UpdateCollectionRequest = z.object({
  name: Name.optional(),
  countries: countryList.optional(),
  isHidden: z.boolean().optional(),
  reason: Reason,
});
export type UpdateCollectionRequest = z.input<typeof UpdateCollectionRequest>;

/** `DELETE /api/backoffice/game-collections/{id}`: the collection and its memberships go, its games stay. */
export const RemoveCollectionRequest = z.object({ reason: Reason });
export type RemoveCollectionRequest = z.input<typeof RemoveCollectionRequest>;

/** Every collection's id in the new lobby order (no more, no fewer). */
export const ReorderCollectionsRequest = z.object({
  ids: z.array(z.uuid('An unknown collection.')).min(1).max(500),
  reason: Reason,
});
export type ReorderCollectionsRequest = z.input<typeof ReorderCollectionsRequest>;

/** A game of a collection, in the collection's order. */
export const CollectionGame = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  enabled: z.boolean(),
});
export type CollectionGame = z.infer<typeof CollectionGame>;

/** The collection's games, whole and ordered: adds, removes and reorders in one change. */
export const SetCollectionGamesRequest = z.object({
  gameIds: z
    .array(z.uuid('An unknown game.'))
    .max(2000, 'At most 2,000 games.')
    .refine((list) => new Set(list).size === list.length, 'A game may appear only once.'),
  reason: Reason,
});
export type SetCollectionGamesRequest = z.input<typeof SetCollectionGamesRequest>;

// ── Thumbnails ──────────────────────────────────────────────────────────────

/** The sizes every uploaded thumbnail is resized to (player-site spec: 200x300 and 200x200 at 1x, 2x, 3x). */
export const THUMBNAIL_SIZES = ['200x300', '200x200'] as const;
export const THUMBNAIL_DENSITIES = [1, 2, 3] as const;
/** The largest upload accepted (bytes) and the smallest source that still makes a sharp 3x (pixels). */
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
export const THUMBNAIL_MIN_SIDE = 200;

export const thumbnailFileParams = z.object({
  gameId: z.uuid(),
  version: z.string().regex(/^[a-z0-9]{8,32}$/),
  file: z.string().regex(/^(200x300|200x200)@[123]x\.png$/),
});
