import { text, timestamp } from 'drizzle-orm/pg-core';
import { player } from '../schema.ts';

/** Telegram login payloads already used (decision 0069): a signed payload signs in once. */
export const telegramLogins = player.table('telegram_logins', {
  hash: text('hash').primaryKey(),
  authDate: timestamp('auth_date', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});
