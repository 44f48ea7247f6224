import { bigserial, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/** The shared transactional outbox (docs/decisions/0013): events written with the change that caused them. */
export const outbox = pgSchema('outbox');

/**
 * One event waiting to be published. Written inside the transaction that made the change, so it exists
 * exactly when the change committed; the dispatcher delivers rows in id order per channel and deletes them
 * in the same pass (at-least-once delivery). The table is a queue, not an archive (decision 0087).
 */
export const outboxEvents = outbox.table('events', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  /** Real-time channel, e.g. `wallet:accounts#{playerId}`. */
  channel: text('channel').notNull(),
  /** Event name, e.g. `account.balance.updated` (also inside `data.event`). */
  event: text('event').notNull(),
  /** The publication's data as the client reads it. */
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
