import { z } from 'zod';

/** Folders of per-locale JSON documents the site loads at start (spec §7 Settings and init). */
export const ContentFolder = z.enum(['alerts', 'fields-settings', 'global-components', 'layout']);
export type ContentFolder = z.infer<typeof ContentFolder>;

/** Folders of per-locale pages (spec §2: /static, /bonus, /questions). */
export const PageFolder = z.enum(['static', 'bonus', 'questions']);
export type PageFolder = z.infer<typeof PageFolder>;

export const LocaleQuery = z.object({ locale: z.string().max(5).optional() });

/** A JSON tree of strings; leaves are translated text. */
export type ContentTree = { [key: string]: string | ContentTree };
export const ContentTree: z.ZodType<ContentTree> = z.record(
  z.string(),
  z.lazy(() => z.union([z.string(), ContentTree])),
);

export const ContentDocument = z.object({
  folder: ContentFolder,
  /** The locale the caller asked for; keys missing there come from the default locale. */
  locale: z.string(),
  content: ContentTree,
});
export type ContentDocument = z.infer<typeof ContentDocument>;

export const QuestionItem = z.object({ question: z.string(), answerHtml: z.string() });

export const Page = z.object({
  folder: PageFolder,
  identity: z.string(),
  /** The locale the page text is actually in (the default one when a translation is missing). */
  locale: z.string(),
  title: z.string(),
  description: z.string(),
  /**
   * Rendered on the server from Markdown that staff may write (apps/server/src/modules/content/render.ts): raw
   * HTML there is shown as text and links and images keep only safe addresses, so the site inserts it as is.
   */
  html: z.string(),
  items: z.array(QuestionItem).optional(),
  order: z.number().optional(),
  /** The bonus code a bonus page claims (front matter `bonusCode:`; docs/decisions/0076). */
  bonusCode: z.string().optional(),
});
export type Page = z.infer<typeof Page>;

export const PageSummary = Page.pick({ folder: true, identity: true, title: true, description: true, order: true });
export type PageSummary = z.infer<typeof PageSummary>;

export const RouteRule = z.object({ from: z.string(), to: z.string(), status: z.number().int() });
export type RouteRule = z.infer<typeof RouteRule>;
