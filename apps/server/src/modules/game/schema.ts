import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgSchema, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.ts';

/** The game module's own PostgreSQL schema: the catalogue, favorites and recent plays. Rounds are the wallet's. */
export const game = pgSchema('game');

/** A game provider (studio). `identity` is the seamless provider id for launchable games. */
export const gameProviders = game.table('providers', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  identity: text('identity').notNull().unique('providers_identity_key'),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  /** Relative logo path (116x40 at 1x); null: none. */
  logoPath: text('logo_path'),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** A lobby category. `countries` empty: shown everywhere; otherwise only there (and its games play only there). */
export const gameCollections = game.table('collections', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  identity: text('identity').notNull().unique('collections_identity_key'),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
  isHidden: boolean('is_hidden').notNull().default(false),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export const games = game.table(
  'games',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The path segment of the game page and the seamless `gameId`. */
    identity: text('identity').notNull(),
    name: text('name').notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    /** 'slots', 'table', 'originals', … */
    type: text('type').notNull(),
    volatility: text('volatility').notNull().default(''),
    paylines: integer('paylines').notNull().default(0),
    /** Percent, from the game's math sheet. */
    rtp: numeric('rtp', { precision: 5, scale: 2 }),
    description: text('description'),
    isDemoMode: boolean('is_demo_mode').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** Popularity weight for sortBy=score (higher first). */
    score: integer('score').notNull().default(0),
    /** 1 mobile, 2 desktop. */
    platforms: integer('platforms').array().notNull().default(sql`'{1,2}'::int[]`),
    /** Currencies real play accepts; empty: every enabled currency. */
    currencies: text('currencies').array().notNull().default(sql`'{}'::text[]`),
    /** Image folder, relative: `{imagePath}/200x300@2x.png` (game-hub CDN base). */
    imagePath: text('image_path'),
    /** Operator's own images folder (customer CDN base); null: none. The back office's uploads land here. */
    customImagePath: text('custom_image_path'),
    /** Labels on the game's card ('new', 'hot', …), in order: the Game's `labels`. */
    badges: text('badges').array().notNull().default(sql`'{}'::text[]`),
    /** Countries where the game is shown and played; empty: everywhere (its collections may still limit it). */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    /** Countries where the game is never shown nor played, whatever `countries` and its collections say. */
    restrictedCountries: text('restricted_countries').array().notNull().default(sql`'{}'::text[]`),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_identity_key').on(t.identity),
    index('games_provider_idx').on(t.providerId),
    index('games_enabled_position_idx').on(t.position, t.name).where(sql`${t.enabled}`),
  ],
);

/** Games of a collection, ordered by `position`. */
export const gameCollectionGames = game.table(
  'game_collections',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => gameCollections.id, { onDelete: 'cascade' }),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.gameId] }), index('game_collections_game_idx').on(t.gameId)],
);

/** A player's favorite games. player.players.id: no foreign key across module schemas. */
export const gameFavorites = game.table(
  'favorites',
  {
    playerId: uuid('player_id').notNull(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.gameId] }),
    index('favorites_player_created_idx').on(t.playerId, t.createdAt.desc()),
    // Favourites per game (sortBy=rating).
    index('favorites_game_idx').on(t.gameId),
  ],
);

/** Last launch of a game by a player (recently played), written by the play endpoint. */
export const gamePlays = game.table(
  'plays',
  {
    playerId: uuid('player_id').notNull(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    lastPlayedAt: instant('last_played_at').notNull().defaultNow(),
    /** Whether that last launch was a demo. */
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.gameId] }),
    index('plays_player_last_idx').on(t.playerId, t.lastPlayedAt.desc()),
    // Players of a game in the last 7 days (sortBy=popular).
    index('plays_game_last_idx').on(t.gameId, t.lastPlayedAt),
  ],
);
