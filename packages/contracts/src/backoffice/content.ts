import { z } from 'zod';
import { ContentFolder, PageFolder } from '../content.ts';
import { localeCodes } from '../reference/locales.ts';
import { SettingMeta } from './settings.ts';
import { Reason } from './staff.ts';

/**
 * The content editor (issue 27, decision content-editor): staff edit per locale the site's pages and the texts
 * of its JSON documents. The repository's files are the shipped defaults; an edit is stored over them and
 * shows on every instance at once. Markdown is rendered by the server, raw HTML in it is shown as text.
 */

export const ContentLocale = z.enum(localeCodes, { error: 'Unknown locale.' });
export type ContentLocale = z.infer<typeof ContentLocale>;

/** A page's identity is its URL slug: lowercase letters, digits and single dashes. */
export const PageIdentity = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(2, 'At least 2 characters.')
  .max(80, 'At most 80 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lowercase letters, digits and single dashes only (it is the page address).');

/** The largest page body staff may save: a long policy is ~30 KB. */
export const MARKDOWN_MAX = 100_000;
export const Markdown = z.string().max(MARKDOWN_MAX, `At most ${MARKDOWN_MAX.toLocaleString('en-US')} characters.`);

/** One text of a JSON document: what the site shows, never HTML (the site prints it as text). */
export const TEXT_MAX = 5_000;
export const ContentText = z.string().max(TEXT_MAX, `At most ${TEXT_MAX.toLocaleString('en-US')} characters.`);

export const contentLocaleParams = z.object({ locale: ContentLocale });
export const contentDocumentParams = z.object({ locale: ContentLocale, folder: ContentFolder });
export const contentPageParams = z.object({ locale: ContentLocale, folder: PageFolder, identity: PageIdentity });

/** Where a locale's version of a page or text comes from. */
export const ContentOrigin = z.enum([
  /** the repository's file, unedited */
  'shipped',
  /** staff changed the shipped text */
  'edited',
  /** staff created it: no file has it */
  'created',
  /** staff withdrew it (a page): the default locale's shows, or nothing in the default locale */
  'unpublished',
  /** this locale has none: the default locale's shows */
  'missing',
]);
export type ContentOrigin = z.infer<typeof ContentOrigin>;

/** A questions page's item as staff write it: the answer is Markdown. */
export const QuestionSource = z.object({
  question: z.string().trim().min(1, 'This field is required.').max(500, 'At most 500 characters.'),
  answer: z.string().trim().min(1, 'This field is required.').max(10_000, 'At most 10,000 characters.'),
});
export type QuestionSource = z.infer<typeof QuestionSource>;

/** A page as staff write it: front matter fields and its Markdown (or its questions). */
export const PageSource = z.object({
  title: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .max(200, 'At most 200 characters.'),
  description: z.string().trim().max(500, 'At most 500 characters.').default(''),
  order: z.number().int().min(0).max(10_000).optional(),
  /** A bonus page's claim button applies this code (decision 0076). */
  bonusCode: z
    .string()
    .trim()
    .max(64, 'At most 64 characters.')
    .regex(/^[A-Za-z0-9_-]*$/, 'Letters, digits, dashes and underscores only.')
    .optional(),
  /** Static and bonus pages. */
  markdown: Markdown.optional(),
  /** Questions pages. */
  items: z.array(QuestionSource).max(100, 'At most 100 questions.').optional(),
});
export type PageSource = z.infer<typeof PageSource>;

/** PUT a page: its source and the reason; a questions page needs `items`, another page `markdown`. */
export const SavePageRequest = PageSource.extend({ reason: Reason });
export type SavePageRequest = z.infer<typeof SavePageRequest>;

/** POST a new page: its identity too. */
export const CreatePageRequest = SavePageRequest.extend({ folder: PageFolder, identity: PageIdentity });
export type CreatePageRequest = z.infer<typeof CreatePageRequest>;

export const ContentReasonRequest = z.object({ reason: Reason });

/** One page of one locale in the editor's list. */
export const ContentPageRow = z.object({
  folder: PageFolder,
  identity: z.string(),
  title: z.string(),
  origin: ContentOrigin,
  /** The page has a shipped file in this locale (reverting goes back to it). */
  shipped: z.boolean(),
  ...SettingMeta.shape,
});
export type ContentPageRow = z.infer<typeof ContentPageRow>;

/** One page of one locale in the editor: its source as stored, the rendered HTML the site shows. */
export const ContentPageView = ContentPageRow.extend({
  locale: ContentLocale,
  source: PageSource,
  /** The default locale's source, beside it for translating. */
  defaultSource: PageSource.nullable(),
  html: z.string(),
});
export type ContentPageView = z.infer<typeof ContentPageView>;

/** A document's texts, flattened: `header.signIn` → text. */
export const ContentEntry = z.object({
  key: z.string(),
  /** This locale's text, or null when it has none (the default locale's shows). */
  value: z.string().nullable(),
  defaultValue: z.string(),
  origin: ContentOrigin,
});
export type ContentEntry = z.infer<typeof ContentEntry>;

export const ContentDocumentView = z.object({
  locale: ContentLocale,
  folder: ContentFolder,
  entries: z.array(ContentEntry),
  ...SettingMeta.shape,
});
export type ContentDocumentView = z.infer<typeof ContentDocumentView>;

/** Text keys are the default locale's: dot-separated path segments. */
const ContentKey = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'Not a text key.');

/**
 * PATCH-like save of a document: each named text set, or `null` to revert it to the shipped text. Keys must
 * exist in the default locale's document (the site reads no others).
 */
export const SaveDocumentRequest = z.object({
  entries: z
    .record(ContentKey, ContentText.nullable())
    .refine((r) => Object.keys(r).length > 0, 'Change at least one text.')
    .refine((r) => Object.keys(r).length <= 2000, 'At most 2,000 texts at once.'),
  reason: Reason,
});
export type SaveDocumentRequest = z.infer<typeof SaveDocumentRequest>;

/** A locale's overview: what it lacks against the default locale. */
export const ContentLocaleSummary = z.object({
  locale: ContentLocale,
  isDefault: z.boolean(),
  missingTexts: z.number().int(),
  missingPages: z.number().int(),
  edits: z.number().int(),
});
export type ContentLocaleSummary = z.infer<typeof ContentLocaleSummary>;

/** Texts and pages present in the default locale but not in this one. */
export const MissingTranslations = z.object({
  locale: ContentLocale,
  texts: z.array(z.object({ folder: ContentFolder, key: z.string() })),
  pages: z.array(z.object({ folder: PageFolder, identity: z.string() })),
});
export type MissingTranslations = z.infer<typeof MissingTranslations>;

export const PreviewRequest = z.object({ markdown: Markdown });
export const PreviewAnswer = z.object({ html: z.string() });
