import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/** The shared transactional outbox (docs/decisions/0013): events written with the change that caused them. */
export const outbox = pgSchema('outbox');

/**
 * One event to publish. Written inside the transaction that made the change, so it exists exactly when the
 * change committed; the dispatcher delivers unpublished rows in id order per channel and then stamps
 * `published_at` (at-least-once delivery).
 */
export const outboxEvents = outbox.table(
  'events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** Real-time channel, e.g. `wallet:accounts#{playerId}`. */
    channel: text('channel').notNull(),
    /** Event name, e.g. `account.balance.updated` (also inside `data.event`). */
    event: text('event').notNull(),
    /** The publication's data as the client reads it. */
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('events_unpublished_idx').on(t.id).where(sql`${t.publishedAt} is null`)],
);
