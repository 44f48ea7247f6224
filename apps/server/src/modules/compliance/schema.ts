import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, minor } from '../../db/columns.ts';

/**
 * The compliance module's own schema (issue 26, decision 0114): responsible-gaming and AML flags, the
 * interaction log, and the running totals its flag rules read, all written by its event consumer or its staff
 * functions. No other module reads these tables.
 */
export const compliance = pgSchema('compliance');

/** Events applied (decision 0058's pattern): written with their effects, so a redelivery changes nothing. */
export const complianceProcessedEvents = compliance.table('processed_events', {
  /** The outbox event id. */
  eventId: bigint('event_id', { mode: 'bigint' }).primaryKey(),
  processedAt: instant('processed_at').notNull().defaultNow(),
});

/** One flag per (player, kind, window): repeated evidence in the window counts here, never a second row. */
export const flags = compliance.table(
  'flags',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    playerId: uuid('player_id').notNull(),
    /** 'rg' or 'aml'. */
    list: text('list').notNull(),
    kind: text('kind').notNull(),
    /** 3 high, 2 medium, 1 low: the queue's first order. */
    severity: smallint('severity').notNull(),
    window: text('window').notNull(),
    count: integer('count').notNull().default(1),
    detail: text('detail').notNull(),
    evidence: jsonb('evidence').notNull(),
    /** 'open', 'reviewed' or 'closed'. */
    status: text('status').notNull().default('open'),
    firstSeenAt: instant('first_seen_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    closedAt: instant('closed_at'),
    closedBy: uuid('closed_by'),
    closeReason: text('close_reason'),
    interactionId: uuid('interaction_id'),
  },
  (t) => [
    uniqueIndex('flags_player_kind_window_key').on(t.playerId, t.kind, t.window),
    index('flags_queue_idx').on(t.list, t.status, t.severity, t.lastSeenAt),
    index('flags_player_idx').on(t.playerId, t.lastSeenAt),
  ],
);

/**
 * The interaction log (UKGC: identify, act, evaluate), kept 5 years: a trigger refuses DELETE of a row younger
 * than that and any UPDATE of what was recorded; the outcome and the review are each written once.
 */
export const interactions = compliance.table(
  'interactions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    playerId: uuid('player_id').notNull(),
    flagId: uuid('flag_id').references(() => flags.id),
    observed: text('observed').notNull(),
    action: text('action').notNull(),
    actionNote: text('action_note').notNull(),
    followUpAt: instant('follow_up_at'),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    outcome: text('outcome'),
    outcomeBy: uuid('outcome_by'),
    outcomeAt: instant('outcome_at'),
    reviewVerdict: text('review_verdict'),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: instant('reviewed_at'),
  },
  (t) => [
    index('interactions_player_idx').on(t.playerId, t.createdAt),
    index('interactions_flag_idx').on(t.flagId),
    index('interactions_follow_up_idx').on(t.followUpAt).where(sql`${t.outcome} is null`),
    // The outcome and the review are each written whole (text, who, when), once (the trigger, 0035).
    check(
      'interactions_outcome_whole',
      sql`(${t.outcome} is null) = (${t.outcomeBy} is null) and (${t.outcome} is null) = (${t.outcomeAt} is null)`,
    ),
    check(
      'interactions_review_whole',
      sql`(${t.reviewVerdict} is null) = (${t.reviewedBy} is null) and (${t.reviewVerdict} is null) = (${t.reviewedAt} is null)`,
    ),
  ],
);

/** A player's play per currency and UTC day, from the money path's events: loss chasing, night play, declines. */
export const playerDays = compliance.table(
  'player_days',
  {
    playerId: uuid('player_id').notNull(),
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    staked: minor('staked').notNull().default(sql`0`),
    won: minor('won').notNull().default(sql`0`),
    nightBets: integer('night_bets').notNull().default(0),
    depositsDeclined: integer('deposits_declined').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.currency, t.day] })],
);

/** A player's current stretch of play (no gap longer than the session gap): long sessions. */
export const playerPlay = compliance.table('player_play', {
  playerId: uuid('player_id').primaryKey(),
  streakStartedAt: instant('streak_started_at').notNull(),
  lastPlayAt: instant('last_play_at').notNull(),
});

/** A player's deposits per currency, and what was deposited since the last withdrawal: large deposits, cycling. */
export const playerMoney = compliance.table(
  'player_money',
  {
    playerId: uuid('player_id').notNull(),
    currency: text('currency').notNull(),
    deposits: integer('deposits').notNull().default(0),
    deposited: minor('deposited').notNull().default(sql`0`),
    /** Since the last withdrawal request (reset by it). */
    sinceWithdrawal: minor('since_withdrawal').notNull().default(sql`0`),
    /** The first deposit after the last withdrawal request. */
    sinceAt: instant('since_at'),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.currency] })],
);
