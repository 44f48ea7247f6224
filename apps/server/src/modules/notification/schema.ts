import { sql } from 'drizzle-orm';
import { index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The notification module's own PostgreSQL schema. */
export const notification = pgSchema('notification');

/** Messages sent through the contact form, kept for the support team. */
export const communications = notification.table(
  'communications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    country: text('country'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('communications_created_at_idx').on(t.createdAt)],
);
