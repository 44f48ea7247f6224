import { bigint, pgSchema, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.ts';

/** The retention module's own schema: loyalty, quests, tournaments and wheels add their tables here. */
export const retention = pgSchema('retention');

/**
 * Events whose effect is applied (decision 0058). The row is written in the same transaction as the
 * effects, so a second delivery of the same outbox event finds it and changes nothing.
 */
export const processedEvents = retention.table(
  'processed_events',
  {
    /** The outbox event id. */
    eventId: bigint('event_id', { mode: 'bigint' }).notNull(),
    /** The consumer that applied it (one row per consumer, so each applies every event once). */
    consumer: text('consumer').notNull(),
    processedAt: instant('processed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.consumer] })],
);
