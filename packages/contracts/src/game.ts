import { z } from 'zod';

/**
 * The game service as the client reads it (api-contract §9). Ids are strings; image paths are relative
 * (the client prefixes `customImages` with the customer CDN base and `images` with the game-hub CDN base).
 */

const ImageSet = z.object({ '1x': z.string(), '2x': z.string().optional(), '3x': z.string().optional() });
export type ImageSet = z.infer<typeof ImageSet>;

/** 200x200 (square) and 200x300 (vertical) thumbnails at 1x, 2x and 3x. */
export const GameImages = z.object({ '200x200': ImageSet.optional(), '200x300': ImageSet.optional() });
export type GameImages = z.infer<typeof GameImages>;

export const ProviderImages = z.object({ '116x40': ImageSet.optional() });

export const Provider = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  /** Providers with 0 enabled games are hidden by the client. */
  gameEnabledCount: z.number().int(),
  images: ProviderImages,
  customImages: ProviderImages,
});
export type Provider = z.infer<typeof Provider>;

export const Collection = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  /** Empty: everywhere. */
  countries: z.array(z.string()),
  isHidden: z.boolean(),
});
export type Collection = z.infer<typeof Collection>;

export const GameLabel = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});

export const Game = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  isDemoMode: z.boolean(),
  paylines: z.number().int(),
  volatility: z.string(),
  type: z.string(),
  /** 1 mobile, 2 desktop. */
  platforms: z.array(z.number().int()),
  screenHeightRatio: z.number().nullable(),
  screenWidthRatio: z.number().nullable(),
  images: GameImages,
  customImages: GameImages,
  provider: Provider,
  collections: z.array(Collection),
  labels: z.array(GameLabel),
  isBonusWagering: z.boolean(),
  minimumBonusWagerMultiplier: z.number(),
  /** Theoretical return to player in percent (from the game's math sheet); ours, shown in game info. */
  rtp: z.number().nullable(),
  /** Short description for the game info panel; ours. */
  description: z.string().nullable(),
  /** Currencies real play accepts; ours (empty: every enabled currency). */
  currencies: z.array(z.string()),
});
export type Game = z.infer<typeof Game>;

/** Arrays arrive as `key[]=a&key[]=b` or as one scalar `key=a` (api-contract §1.1): both become a list. */
const list = (item: z.ZodType<string>) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).max(100).optional());
const idLike = z.string().min(1).max(100);

/**
 * `order` is the collection order (the default's), `popular` players in the last 7 days, `rating` favourites.
 * The client sends its CMS's sort options (api-contract §9): any value not listed here sorts by the default.
 */
export const GameSortBy = z.enum(['default', 'order', 'name', 'score', 'createdAt', 'rtp', 'popular', 'rating']);

export const GamesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(24),
  collectionId: list(idLike),
  providerId: list(idLike),
  gameId: list(idLike),
  identity: list(idLike),
  /** Name search: at least 2 characters. */
  name: z.string().trim().min(2).max(100).optional(),
  countries: list(z.string().regex(/^[A-Z]{2}$/, 'two upper-case letters')),
  sortBy: GameSortBy.catch('default').default('default'),
  /** Default: ascending for default, order and name; descending (best, newest, most first) for the others. */
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type GamesQuery = z.infer<typeof GamesQuery>;

export const ProvidersQuery = z.object({
  name: z.string().trim().max(100).optional(),
  /** Any value but `name` is the default (position) order, as for games. */
  sortBy: z.enum(['name', 'default']).catch('default').default('default'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(100),
});

/** `/played` and `/spins/winners`: a short list, optionally for a platform and a country. */
export const ShortListQuery = z.object({
  perPage: z.coerce.number().int().min(1).max(100).default(18),
  platform: z.coerce.number().int().min(1).max(2).optional(),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, 'two upper-case letters')
    .optional(),
});

export const GameStart = z.object({
  /** The account to play from; omitted in demo. Without it real play uses the active account. */
  accountId: z.string().uuid().optional(),
  /** Where the game's lobby / exit button returns to. */
  lobbyUrl: z.string().max(2000).default('/'),
  locale: z.string().min(2).max(5).default('en'),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, 'two upper-case letters')
    .optional(),
  platform: z.union([z.literal(1), z.literal(2)]).default(2),
  demoMode: z.boolean(),
});
export type GameStart = z.infer<typeof GameStart>;

export const GameLaunch = z.object({ gameUrl: z.string(), token: z.string() });
export type GameLaunch = z.infer<typeof GameLaunch>;

export const Spin = z.object({
  id: z.string(),
  game: z.string(),
  gameIdentity: z.string(),
  amount: z.number(),
  payout: z.number(),
  currency: z.string(),
  createdAt: z.string(),
});
export type Spin = z.infer<typeof Spin>;

export const BetItem = z.object({
  event: z.string(),
  stage: z.number().int(),
  discipline: z.string(),
  tournament: z.string(),
  eventDate: z.string(),
  market: z.string(),
  outcome: z.string(),
  coefficient: z.number(),
});

/** One game round (casino bets have no items; sportsbook tickets would). status: BetStatus. */
export const Bet = z.object({
  /** `{providerId}:{roundId}`. */
  id: z.string(),
  /** The game's identity (the round's seamless gameId). */
  gameId: z.string(),
  roundId: z.string(),
  game: z.string(),
  amount: z.number(),
  payout: z.number(),
  currency: z.string(),
  createdAt: z.string(),
  status: z.number().int(),
  coefficient: z.number(),
  ticketType: z.number().int(),
  items: z.array(BetItem),
});
export type Bet = z.infer<typeof Bet>;

export const BetsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  isSettled: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export const Winner = z.object({
  nickname: z.string(),
  amount: z.number(),
  payout: z.number(),
  currency: z.string(),
  /** The game's identity (the round's seamless gameId): the card links to /games/{gameId}. */
  gameId: z.string(),
  gameName: z.string(),
  isDemoMode: z.boolean(),
  gameImages: GameImages,
  gameCustomImages: GameImages,
});
export type Winner = z.infer<typeof Winner>;

/** A row of an activity board (api-contract §14.2, `activity-board.updated`): one settled round. */
export const ActivityBet = z.object({
  id: z.string(),
  nickname: z.string().nullable(),
  /** Stake and payout in the round's currency, and in the base currency. */
  amount: z.number(),
  baseCurrencyAmount: z.number(),
  payout: z.number(),
  baseCurrencyPayout: z.number(),
  currency: z.string(),
  /** The game's identity. */
  gameId: z.string(),
  gameName: z.string(),
  gameImages: GameImages,
  gameCustomImages: GameImages,
  createdAt: z.string(),
});
export type ActivityBet = z.infer<typeof ActivityBet>;
