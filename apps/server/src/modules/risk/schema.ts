import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgSchema,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, minor } from '../../db/columns.ts';

/** The risk module's own PostgreSQL schema: responsible gaming (docs/decisions/0038). */
export const risk = pgSchema('risk');

/**
 * A limit of a player. Cash limits (definitions 1–3) carry a currency and an amount in minor units; an
 * increase waits in `pending_amount` until `pending_at`, a removal until `removal_at`. Their windows count in
 * `zone`, the profile's time zone when the limit was set (decision 0091; null or a zone the profile no longer
 * offers: UTC). Exclusions (4, 5) run from `started_at` to `expired_at` (null: permanent). A row with
 * `ended_at` is history.
 */
export const riskLimits = risk.table(
  'limits',
  {
    id: uuid('id').primaryKey(),
    /** player.players.id; no foreign key across module schemas (docs/decisions/0002). */
    playerId: uuid('player_id').notNull(),
    definition: smallint('definition').notNull(),
    period: text('period').notNull(),
    currency: text('currency'),
    amount: minor('amount'),
    zone: text('zone'),
    pendingAmount: minor('pending_amount'),
    pendingAt: instant('pending_at'),
    removalAt: instant('removal_at'),
    startedAt: instant('started_at').notNull(),
    expiredAt: instant('expired_at'),
    reopenRequestedAt: instant('reopen_requested_at'),
    endedAt: instant('ended_at'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at'),
  },
  (t) => [
    check('limits_definition_check', sql`${t.definition} between 1 and 5`),
    check('limits_cash_check', sql`(${t.definition} <= 3) = (${t.amount} is not null and ${t.currency} is not null)`),
    check('limits_amount_check', sql`${t.amount} >= 0 and ${t.pendingAmount} >= 0`),
    uniqueIndex('limits_live_cash_key')
      .on(t.playerId, t.definition, t.currency, t.period)
      .where(sql`${t.endedAt} is null and ${t.definition} <= 3`),
    uniqueIndex('limits_live_exclusion_key')
      .on(t.playerId, t.definition)
      .where(sql`${t.endedAt} is null and ${t.definition} > 3`),
    index('limits_player_live_idx').on(t.playerId).where(sql`${t.endedAt} is null`),
  ],
);

/** Every change of a limit, for the operator: who, when, the limit before and after. Append-only (trigger). */
export const limitHistory = risk.table(
  'limit_history',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    limitId: uuid('limit_id').notNull(),
    playerId: uuid('player_id').notNull(),
    /** 'player', 'system' (a waiting change taking effect) or an operator's id. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    old: jsonb('old'),
    new: jsonb('new'),
    at: instant('at').notNull(),
  },
  (t) => [index('limit_history_player_idx').on(t.playerId, t.id)],
);

/**
 * What a player staked and lost (stakes − wins − refunds) in one period window of one currency, written
 * by the money path under the account lock while the player has a bet or loss limit in that currency.
 */
export const limitUsage = risk.table(
  'usage',
  {
    playerId: uuid('player_id').notNull(),
    currency: text('currency').notNull(),
    period: text('period').notNull(),
    windowStart: instant('window_start').notNull(),
    staked: bigint('staked', { mode: 'bigint' }).notNull().default(sql`0`),
    netLoss: bigint('net_loss', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ name: 'usage_pkey', columns: [t.playerId, t.currency, t.period, t.windowStart] })],
);
