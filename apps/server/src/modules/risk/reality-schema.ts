import { sql } from 'drizzle-orm';
import { bigint, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.ts';
import { risk } from './schema.ts';

/**
 * The reality check of a player (UKGC RTS 13, docs/decisions/0057): the chosen interval and when the play
 * session began (the last sign-in, or the first look at it when the player came in by registering).
 */
export const realityChecks = risk.table('reality_checks', {
  /** player.players.id; no foreign key across module schemas (docs/decisions/0002). */
  playerId: uuid('player_id').primaryKey(),
  /** 0 (off), 15, 30 or 60 minutes. */
  intervalMinutes: smallint('interval_minutes').notNull().default(0),
  sessionStartedAt: instant('session_started_at').notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * What the player staked and won in the current play session, per currency (minor units), written by the
 * money path in the movement's transaction; a sign-in starts a new session and clears the rows. `created_at`
 * (the first movement of the session, database time) tells a rollback whether its bet was counted here
 * (decision 0093): a bet taken before the row was created belongs to an earlier session.
 */
export const sessionPlay = risk.table(
  'session_play',
  {
    playerId: uuid('player_id').notNull(),
    currency: text('currency').notNull(),
    staked: bigint('staked', { mode: 'bigint' }).notNull().default(sql`0`),
    won: bigint('won', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'session_play_pkey', columns: [t.playerId, t.currency] })],
);
