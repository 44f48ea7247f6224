import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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

/** What a message's link stores: the URL and the content key of its label (rendered per locale). */
export interface StoredLink {
  url: string;
  label: string;
}

/**
 * Messenger messages (docs/decisions/0017). A row stores what happened (template key + params), never
 * the text: the text is rendered in the reader's language when read. Deleting only sets deleted_at, so
 * the source key keeps a replayed domain event from bringing a deleted message back.
 */
export const messages = notification.table(
  'messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    playerId: uuid('player_id').notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    link: jsonb('link').$type<StoredLink>(),
    image: text('image'),
    /** MessageState: 1 unread, 2 read. */
    state: integer('state').notNull().default(1),
    /** The domain event behind the message, unique per player (e.g. `payment.deposit.succeeded:<invoice>`). */
    sourceKey: text('source_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Insertion order, to break created_at ties (one transaction shares one now()). Not exposed. */
    seq: bigint('seq', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    uniqueIndex('messages_player_source_key').on(t.playerId, t.sourceKey),
    index('messages_player_created_idx')
      .on(t.playerId, t.createdAt.desc(), t.seq.desc())
      .where(sql`${t.deletedAt} is null`),
    index('messages_player_unread_idx').on(t.playerId).where(sql`${t.state} = 1 and ${t.deletedAt} is null`),
    check('messages_state_check', sql`${t.state} in (1, 2)`),
  ],
);
