import {
  type ContentDocumentView,
  type ContentEntry,
  ContentFolder,
  type ContentLocale,
  type ContentLocaleSummary,
  type ContentOrigin,
  type ContentPageRow,
  type ContentPageView,
  type ContentTree,
  type MissingTranslations,
  type PageFolder,
} from '@croupier/contracts';
import { localeCodes } from '@croupier/contracts/reference/index';
import type { ContentEditorState, ContentOverride } from './store.ts';

// What the back office's content editor reads (issue 27): a locale's texts and pages beside the default
// locale's, where each comes from, and what is still to translate.

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
export function flatten(tree: ContentTree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else flatten(value, path, out);
  }
  return out;
}

const meta = (o: ContentOverride | undefined) => ({
  updatedAt: o?.updatedAt.toISOString() ?? null,
  updatedBy: o?.updatedBy ?? null,
});

export function documentView(
  state: ContentEditorState,
  locale: ContentLocale,
  folder: ContentFolder,
): ContentDocumentView {
  const defaults = flatten(state.ownDocument(state.defaultLocale, folder));
  const own = flatten(state.ownDocument(locale, folder));
  const shipped = flatten(state.shippedDocument(locale, folder));
  const o = state.override(locale, 'document', folder);
  const edited = (o?.value ?? {}) as Record<string, string>;
  const entries: ContentEntry[] = Object.entries(defaults).map(([key, defaultValue]) => ({
    key,
    value: own[key] ?? null,
    defaultValue,
    origin: key in edited ? (key in shipped ? 'edited' : 'created') : key in shipped ? 'shipped' : 'missing',
  }));
  return { locale, folder, entries, ...meta(o) };
}

function pageOrigin(state: ContentEditorState, locale: string, key: string): ContentOrigin {
  const o = state.override(locale, 'page', key);
  const shipped = state.shippedPage(locale, key) !== null;
  if (o?.unpublished) return 'unpublished';
  if (o) return shipped ? 'edited' : 'created';
  return shipped ? 'shipped' : 'missing';
}

/** Every page the default locale has (published or not) and every page this locale has of its own. */
function pageKeysOf(state: ContentEditorState, locale: string): string[] {
  return [...new Set([...state.pageKeys(state.defaultLocale), ...state.pageKeys(locale)])].sort();
}

function pageRow(state: ContentEditorState, locale: string, key: string): ContentPageRow {
  const [folder, identity] = key.split('/') as [PageFolder, string];
  const o = state.override(locale, 'page', key);
  const source =
    state.ownPage(locale, key)?.source ??
    (o?.value as ContentPageView['source'] | undefined) ??
    state.ownPage(state.defaultLocale, key)?.source ??
    state.shippedPage(state.defaultLocale, key)?.source;
  return {
    folder,
    identity,
    title: source?.title || identity,
    origin: pageOrigin(state, locale, key),
    shipped: state.shippedPage(locale, key) !== null,
    ...meta(o),
  };
}

export const pageRows = (state: ContentEditorState, locale: ContentLocale): ContentPageRow[] =>
  pageKeysOf(state, locale).map((key) => pageRow(state, locale, key));

/** One page in the editor; null when neither this locale nor the default one knows it. */
export function pageView(
  state: ContentEditorState,
  locale: ContentLocale,
  folder: PageFolder,
  identity: string,
): ContentPageView | null {
  const key = `${folder}/${identity}`;
  if (!pageKeysOf(state, locale).includes(key)) return null;
  const o = state.override(locale, 'page', key);
  const defaultEntry = state.ownPage(state.defaultLocale, key);
  const own = state.ownPage(locale, key);
  // A missing translation starts from the default locale's text; an unpublished page keeps its last text.
  const source = own?.source ?? (o?.value as ContentPageView['source'] | undefined) ?? defaultEntry?.source;
  if (!source) return null;
  const preview = own ?? defaultEntry;
  return {
    ...pageRow(state, locale, key),
    locale,
    source,
    defaultSource: locale === state.defaultLocale ? null : (defaultEntry?.source ?? null),
    html: preview?.page.html ?? '',
  };
}

export function missingTranslations(state: ContentEditorState, locale: ContentLocale): MissingTranslations {
  if (locale === state.defaultLocale) return { locale, texts: [], pages: [] };
  const texts: MissingTranslations['texts'] = [];
  for (const folder of ContentFolder.options) {
    const own = flatten(state.ownDocument(locale, folder));
    for (const key of Object.keys(flatten(state.ownDocument(state.defaultLocale, folder)))) {
      if (!(key in own)) texts.push({ folder, key });
    }
  }
  const pages: MissingTranslations['pages'] = [];
  for (const key of state.pageKeys(state.defaultLocale).sort()) {
    if (!state.ownPage(state.defaultLocale, key) || state.ownPage(locale, key)) continue;
    const [folder, identity] = key.split('/') as [PageFolder, string];
    pages.push({ folder, identity });
  }
  return { locale, texts, pages };
}

export function localeSummaries(state: ContentEditorState): ContentLocaleSummary[] {
  const overrides = state.overrides();
  return localeCodes.map((locale) => {
    const missing = missingTranslations(state, locale);
    const edits = overrides
      .filter((o) => o.locale === locale)
      .reduce((n, o) => n + (o.kind === 'document' ? Object.keys(o.value).length : 1), 0);
    return {
      locale,
      isDefault: locale === state.defaultLocale,
      missingTexts: missing.texts.length,
      missingPages: missing.pages.length,
      edits,
    };
  });
}
