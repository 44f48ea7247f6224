import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant, minor } from '../../db/columns.ts';

/**
 * The studio's own PostgreSQL schema (docs/studio-api.md). The studio is a game provider: it never reads
 * casino tables and moves real money only through the seamless-wallet HTTP API.
 */
export const studio = pgSchema('studio');

/** A launched game: the id (32 random bytes, base64url) is the capability the browser holds. */
export const studioSessions = studio.table('sessions', {
  id: text('id').primaryKey(),
  game: text('game').notNull(),
  mode: text('mode').$type<'demo' | 'real'>().notNull(),
  currency: text('currency').notNull(),
  locale: text('locale').notNull(),
  lobby: text('lobby').notNull(),
  /** Opaque player reference from the casino (real play); null in demo. */
  playerRef: text('player_ref'),
  /** The seamless launch token (real play). */
  token: text('token'),
  /** Virtual balance of a demo session in minor units; never touches the wallet. */
  demoBalance: minor('demo_balance').notNull().default(sql`0`),
  createdAt: instant('created_at').notNull().defaultNow(),
  expiresAt: instant('expires_at').notNull(),
});

/** Provably fair seed pairs; one active per owner (player reference, or `session:<id>` in demo). */
export const studioSeedPairs = studio.table(
  'seed_pairs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner: text('owner').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The next round's nonce. */
    nonce: integer('nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: instant('created_at').notNull().defaultNow(),
    revealedAt: instant('revealed_at'),
  },
  (t) => [uniqueIndex('seed_pairs_active_owner').on(t.owner).where(sql`${t.active}`)],
);

/** One studio round = one seamless round (roundId = id). `state` keeps the hidden parts (mines, hole card, shoe). */
export const studioRounds = studio.table(
  'rounds',
  {
    id: uuid('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    owner: text('owner').notNull(),
    game: text('game').notNull(),
    status: text('status').$type<'open' | 'settled' | 'rolled_back'>().notNull(),
    bet: minor('bet').notNull(),
    payout: minor('payout').notNull().default(sql`0`),
    /** Seamless bet transactions sent so far (b0, b1, …): blackjack doubles and splits add one each. */
    bets: integer('bets').notNull().default(1),
    seedPairId: uuid('seed_pair_id').notNull(),
    nonce: integer('nonce').notNull(),
    /** The client seed the round was played with (the pair's client seed may change later). */
    clientSeed: text('client_seed').notNull(),
    choice: jsonb('choice').notNull(),
    state: jsonb('state').notNull(),
    actions: jsonb('actions').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: instant('created_at').notNull().defaultNow(),
    settledAt: instant('settled_at'),
  },
  (t) => [
    uniqueIndex('rounds_seed_nonce').on(t.seedPairId, t.nonce),
    index('rounds_session_created').on(t.sessionId, t.createdAt),
    index('rounds_owner_created').on(t.owner, t.createdAt),
  ],
);

/** Wallet calls that must reach the casino (rollbacks, wins): the exact body, retried until answered. */
export const studioWalletCalls = studio.table(
  'wallet_calls',
  {
    transactionId: text('transaction_id').primaryKey(),
    kind: text('kind').$type<'win' | 'rollback'>().notNull(),
    roundId: uuid('round_id').notNull(),
    /** The JSON body sent each time (same bytes: replay-safe by transactionId). */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: instant('next_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /** The wallet's final answer ('OK' or an ERROR code) once it answered; null while pending. */
    outcome: text('outcome'),
    createdAt: instant('created_at').notNull().defaultNow(),
    doneAt: instant('done_at'),
  },
  (t) => [index('wallet_calls_pending').on(t.nextAt).where(sql`${t.doneAt} is null`)],
);

/**
 * Free rounds the casino awarded (decision 0065): the casino's free-spin id, for one player, game and
 * currency, at a fixed bet. Each is played as a zero-stake seamless bet carrying that id.
 */
export const studioFreeRounds = studio.table(
  'free_rounds',
  {
    id: text('id').primaryKey(),
    playerRef: text('player_ref').notNull(),
    game: text('game').notNull(),
    currency: text('currency').notNull(),
    count: integer('count').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    bet: minor('bet').notNull(),
    expiresAt: instant('expires_at'),
    cancelledAt: instant('cancelled_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('free_rounds_player').on(t.playerRef, t.game, t.currency)],
);
