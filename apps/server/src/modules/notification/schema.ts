import { sql } from 'drizzle-orm';
import { bigint, check, index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/**
 * Every e-mail and SMS the development mailbox captured (GET /api/dev/mailbox). `to` is normalised:
 * e-mail lower-cased, phone digits only, so a recipient filter is an exact match on the index.
 */
export const outboundMessages = notification.table(
  'outbound_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order, to break created_at ties (PGlite's clock has millisecond resolution). Not exposed. */
    seq: bigint('seq', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('outbound_messages_to_created_at_idx').on(t.to, t.createdAt),
    index('outbound_messages_created_at_idx').on(t.createdAt),
    check('outbound_messages_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);
