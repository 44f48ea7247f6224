import { boolean, jsonb, pgSchema, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.ts';

/** The content module's own PostgreSQL schema: staff's edits of the site's texts and pages. */
export const content = pgSchema('content');

/**
 * Staff's version of one document's texts or of one page in one locale, over the repository's files (the shipped
 * defaults, decision content-editor). A document row holds only the texts staff set, flat (`header.signIn` →
 * text); a page row holds the page's whole source. `unpublished` withdraws a page in its locale. Deleting the row
 * reverts to the shipped file. Every instance keeps all rows in memory and reloads them on the 'content' scope.
 */
export const contentOverrides = content.table(
  'overrides',
  {
    locale: text('locale').notNull(),
    /** 'document' or 'page'. */
    kind: text('kind').notNull(),
    /** A document's folder (`layout`), or a page's `folder/identity` (`static/about-us`). */
    key: text('key').notNull(),
    /** Document: `{ [textKey]: string }`; page: its source (title, description, markdown or items…). */
    value: jsonb('value').notNull(),
    unpublished: boolean('unpublished').notNull().default(false),
    /** staff.accounts.id of the last change (no foreign key across module schemas, decision 0002). */
    updatedBy: uuid('updated_by'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.kind, t.key] })],
);
