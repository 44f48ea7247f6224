import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, numeric, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../../db/columns.ts';
import { retention } from '../schema.ts';

// Loyalty's tables (decision 0059). Points are hundredths of a point, as integers: a 0.10 EUR stake at one
// point per euro earns 10 of them, with no float anywhere.

/** The levels: operator data. `points` is the threshold (hundredths) that reaches the level. */
export const loyaltyLevels = retention.table(
  'loyalty_levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    order: integer('order').notNull().unique(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
  },
  (t) => [check('loyalty_levels_points', sql`${t.points} >= 0`)],
);

/** The programme's single row: points per base-currency unit staked, and each game's contribution (percent). */
export const loyaltyProgram = retention.table(
  'loyalty_program',
  {
    id: smallint('id').primaryKey().default(1),
    pointsPerBaseUnit: numeric('points_per_base_unit', { precision: 12, scale: 4 }).notNull().default('1'),
    defaultContribution: integer('default_contribution').notNull().default(100),
    /** Game identity (as the catalogue names it) → percent of each stake that counts. */
    contributions: jsonb('contributions').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [check('loyalty_program_single', sql`${t.id} = 1`)],
);

export const loyaltyAccounts = retention.table('loyalty_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  playerId: uuid('player_id').notNull().unique(),
  points: bigint('points', { mode: 'bigint' }).notNull().default(sql`0`),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at'),
});

/**
 * The points each bet earned while its round can still be rolled back (decision 0093): a rollback takes back
 * exactly its bet's row, once; the row goes when the round is decided (a win that pays or closes it).
 */
export const loyaltyBets = retention.table(
  'loyalty_bets',
  {
    providerId: text('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    /** The bet's provider transaction id. */
    transactionId: text('transaction_id').notNull(),
    playerId: uuid('player_id').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.roundId, t.transactionId] })],
);
