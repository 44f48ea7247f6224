import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, minor } from '../../../db/columns.ts';
import { retention } from '../schema.ts';

// Tournaments (issue 13 §4, decision 0063). Points are kept in hundredths (bigint) so sums are exact; the API
// shows them as numbers with two decimals. The entries table is the source of truth of the leaderboard.

/** Stake and rate conditions exactly as the contract carries them (api-contract §11.3), amounts in major units. */
export interface TournamentConditionsData {
  gameCollections?: string[];
  gameCollectionsExcluded?: boolean;
  minAmount?: number;
  minAmountOp?: 'gt' | 'gte';
  maxAmount?: number;
  maxAmountOp?: 'lt' | 'lte';
  currencies?: {
    isoCode: string;
    minAmount?: number;
    minAmountOp?: 'gt' | 'gte';
    maxAmount?: number;
    maxAmountOp?: 'lt' | 'lte';
  }[];
}
export interface TournamentRatesData {
  baseCurrencyRate: number;
  currencyRates?: { isoCode: string; rate: number }[];
}

export const tournaments = retention.table(
  'tournaments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    identity: text('identity').notNull().unique('tournaments_identity_key'),
    title: text('title').notNull(),
    /** 1 points by stake, 2 points by win multiplier. */
    type: smallint('type').notNull(),
    /** 'draft' (never shown), 'scheduled' (state 2/3 by time), 'finished' (4), 'cancelled' (5). */
    status: text('status').notNull().default('scheduled'),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
    confirmationRequired: boolean('confirmation_required').notNull().default(false),
    conditions: jsonb('conditions').$type<TournamentConditionsData>().notNull().default({}),
    rates: jsonb('rates').$type<TournamentRatesData>().notNull(),
    /** Set on a rolling tournament: its end job starts the next one of the same series and length. */
    series: text('series'),
    finishedAt: instant('finished_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('tournaments_status_end_idx').on(t.status, t.endAt)],
);

/** What each place wins: money (to the real or bonus part) in one currency, or a bonus definition. */
export const tournamentPrizes = retention.table(
  'tournament_prizes',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    /** 1 real money, 2 bonus money, 3 a bonus (`bonusId`). */
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    currency: text('currency'),
    amount: minor('amount'),
    bonusId: uuid('bonus_id'),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.place] })],
);

/** A player taking part, with the points so far. `seq` breaks ties: the earlier entrant ranks first. */
export const tournamentEntries = retention.table(
  'tournament_entries',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    /** player.players.id: no foreign key across module schemas. */
    playerId: uuid('player_id').notNull(),
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    /** Hundredths of a point. */
    points: bigint('points', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.playerId] }),
    index('tournament_entries_rank_idx').on(t.tournamentId, t.points.desc(), t.seq),
  ],
);

/** A round that scored: its qualifying stake and the points it brought (for multipliers and rollbacks). */
export const tournamentRounds = retention.table(
  'tournament_rounds',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    playerId: uuid('player_id').notNull(),
    currency: text('currency').notNull(),
    stake: minor('stake').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.providerId, t.roundId] })],
);

/**
 * What each counted bet brought while its round can still be rolled back (decision 0093): a rollback takes
 * back exactly its bet's rows (its stake from the round, its points from the entry); they go when the round
 * is decided (a win that pays or closes it).
 */
export const tournamentBets = retention.table(
  'tournament_bets',
  {
    providerId: text('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    /** The bet's provider transaction id. */
    transactionId: text('transaction_id').notNull(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    stake: minor('stake').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.roundId, t.transactionId, t.tournamentId] })],
);

/** The fixed result: one row per prize place that had a player, written once by the end job. */
export const tournamentResults = retention.table(
  'tournament_results',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    playerId: uuid('player_id').notNull(),
    nickname: text('nickname'),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    paidAt: instant('paid_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.place] })],
);
