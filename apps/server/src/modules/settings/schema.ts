import { jsonb, pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.ts';

/** The settings module's own PostgreSQL schema: operating settings staff change at run time. */
export const settings = pgSchema('settings');

/**
 * One row per operating setting (withdrawal thresholds, KYC rules, …), its value validated by the setting's
 * contract schema on the way in and out. Read at the moment a rule applies, so every instance sees a change
 * at its next use; the change's audit row is written by the staff module in the same transaction.
 */
export const operatingSettings = settings.table('operating_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  /** staff.accounts.id of the last change (no foreign key across module schemas, decision 0002). */
  updatedBy: uuid('updated_by'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
