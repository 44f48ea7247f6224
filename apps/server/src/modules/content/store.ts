import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  ContentFolder,
  ContentTree,
  Page,
  PageFolder,
  PageSource,
  PageSummary,
  RouteRule,
} from '@croupier/contracts';
import { renderMarkdown } from './render.ts';

/** Staff's version of a document or a page in one locale (a row of content.overrides). */
export interface ContentOverride {
  locale: string;
  kind: 'document' | 'page';
  /** A document's folder, or a page's `folder/identity`. */
  key: string;
  /** Document: flat texts (`header.signIn` → text); page: its source. */
  value: Record<string, string> | PageSource;
  unpublished: boolean;
  updatedBy: string | null;
  updatedAt: Date;
}

/** One page of one locale: what the site gets, and the source staff edit. */
export interface PageEntry {
  page: Page;
  source: PageSource;
}

export interface ContentStore {
  document(folder: ContentFolder, locale: string): ContentTree;
  page(folder: PageFolder, identity: string, locale: string): Page | null;
  pages(folder: PageFolder, locale: string): PageSummary[];
  routeRule(path: string): RouteRule | null;
  /** Replaces staff's edits (every row, from the database): the next read answers with them. */
  setOverrides(rows: readonly ContentOverride[]): void;
  /** What the back office's editor reads: the files and the edits apart. */
  readonly editor: ContentEditorState;
}

export interface ContentEditorState {
  readonly defaultLocale: string;
  /** A locale's shipped document (its own texts only, no fallback), {} when the file is missing. */
  shippedDocument(locale: string, folder: string): ContentTree;
  /** A locale's shipped page, null when no file has it. */
  shippedPage(locale: string, key: string): PageEntry | null;
  /** Keys (`folder/identity`) of every page shipped or created in a locale. */
  pageKeys(locale: string): string[];
  /** A locale's page as the site shows it in that locale (null: unpublished or none), before any fallback. */
  ownPage(locale: string, key: string): PageEntry | null;
  /** A locale's document texts with staff's edits, before the default locale's fill the gaps. */
  ownDocument(locale: string, folder: string): ContentTree;
  override(locale: string, kind: 'document' | 'page', key: string): ContentOverride | undefined;
  overrides(): readonly ContentOverride[];
}

interface LocaleContent {
  documents: Map<string, ContentTree>;
  pages: Map<string, PageEntry>;
}

/** `---\ntitle: X\ndescription: Y\n---\nbody` → metadata and body. Only flat `key: value` lines. */
export function parseFrontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { meta, body: match[2]! };
}

/** Keys missing in `over` come from `base`, recursively: a partly translated locale still renders whole. */
export function mergeFallback(base: ContentTree, over: ContentTree | undefined): ContentTree {
  if (!over) return base;
  const out: ContentTree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const b = base[key];
    out[key] = typeof value === 'object' && typeof b === 'object' ? mergeFallback(b, value) : value;
  }
  return out;
}

/** `tree` with the flat texts set (`a.b.c` → text), copied where it changes. */
export function withTexts(tree: ContentTree, texts: Record<string, string>): ContentTree {
  const out: ContentTree = structuredClone(tree);
  for (const [path, text] of Object.entries(texts)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== 'object') node[part] = {};
      node = node[part] as ContentTree;
    }
    node[parts.at(-1)!] = text;
  }
  return out;
}

/**
 * Reads the repository's content tree once at start: the shipped defaults, versioned with the code. Staff's
 * edits (`setOverrides`, from the database) are merged over them in memory, so every request is still served
 * from memory and an edit shows on the next one (decision content-editor).
 */
export function loadContentStore(root: string, defaultLocale: string): ContentStore {
  const shipped = new Map<string, LocaleContent>();
  for (const locale of readdirSync(root, { withFileTypes: true })) {
    if (!locale.isDirectory()) continue;
    const dir = join(root, locale.name);
    const documents = new Map<string, ContentTree>();
    const pages = new Map<string, PageEntry>();
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.json')) documents.set(file.slice(0, -5), JSON.parse(readFileSync(join(dir, file), 'utf8')));
    }
    for (const folder of ['static', 'bonus', 'questions'] as const) {
      const pageDir = join(dir, 'pages', folder);
      if (!existsSync(pageDir)) continue;
      for (const file of readdirSync(pageDir)) {
        const identity = file.replace(/\.(md|json)$/, '');
        const text = readFileSync(join(pageDir, file), 'utf8');
        const source = file.endsWith('.json') ? questionsSource(JSON.parse(text)) : markdownSource(text);
        pages.set(`${folder}/${identity}`, pageEntry(folder, identity, locale.name, source));
      }
    }
    shipped.set(locale.name, { documents, pages });
  }
  if (!shipped.has(defaultLocale))
    throw new Error(`Content for the default locale '${defaultLocale}' is missing in ${root}`);

  const routeRulesFile = join(root, 'route-rules.json');
  const redirects: RouteRule[] = existsSync(routeRulesFile)
    ? (JSON.parse(readFileSync(routeRulesFile, 'utf8')) as { redirects: RouteRule[] }).redirects
    : [];
  const redirectByPath = new Map(redirects.map((r) => [r.from.toLowerCase(), r]));

  const overrideKey = (locale: string, kind: string, key: string) => `${locale}\u0000${kind}\u0000${key}`;
  let overrides = new Map<string, ContentOverride>();
  // Built from the files and the edits on demand, dropped whenever the edits change.
  let merged = new Map<string, ContentTree>();
  let ownPages = new Map<string, PageEntry | null>();

  const editor: ContentEditorState = {
    defaultLocale,
    shippedDocument: (locale, folder) => shipped.get(locale)?.documents.get(folder) ?? {},
    shippedPage: (locale, key) => shipped.get(locale)?.pages.get(key) ?? null,
    pageKeys(locale) {
      const keys = new Set(shipped.get(locale)?.pages.keys() ?? []);
      for (const o of overrides.values()) if (o.locale === locale && o.kind === 'page') keys.add(o.key);
      return [...keys];
    },
    ownPage(locale, key) {
      const cacheKey = `${locale}/${key}`;
      if (ownPages.has(cacheKey)) return ownPages.get(cacheKey)!;
      const o = overrides.get(overrideKey(locale, 'page', key));
      let entry: PageEntry | null;
      if (!o) entry = editor.shippedPage(locale, key);
      else if (o.unpublished) entry = null;
      else {
        const [folder, identity] = key.split('/') as [PageFolder, string];
        entry = pageEntry(folder, identity, locale, o.value as PageSource);
      }
      ownPages.set(cacheKey, entry);
      return entry;
    },
    ownDocument(locale, folder) {
      const o = overrides.get(overrideKey(locale, 'document', folder));
      const base = editor.shippedDocument(locale, folder);
      return o ? withTexts(base, o.value as Record<string, string>) : base;
    },
    override: (locale, kind, key) => overrides.get(overrideKey(locale, kind, key)),
    overrides: () => [...overrides.values()],
  };

  /** A page exists while the default locale publishes it; a locale without its own shows the default's. */
  const resolved = (key: string, locale: string): PageEntry | null => {
    const fallback = editor.ownPage(defaultLocale, key);
    if (!fallback) return null;
    return (locale === defaultLocale ? null : editor.ownPage(locale, key)) ?? fallback;
  };

  return {
    editor,
    setOverrides(rows) {
      overrides = new Map(rows.map((r) => [overrideKey(r.locale, r.kind, r.key), r]));
      merged = new Map();
      ownPages = new Map();
    },
    document(folder, locale) {
      const key = `${locale}/${folder}`;
      let tree = merged.get(key);
      if (!tree) {
        const base = editor.ownDocument(defaultLocale, folder);
        tree = locale === defaultLocale ? base : mergeFallback(base, editor.ownDocument(locale, folder));
        if (shipped.has(locale)) merged.set(key, tree);
      }
      return tree;
    },
    page(folder, identity, locale) {
      return resolved(`${folder}/${identity}`, locale)?.page ?? null;
    },
    pages(folder, locale) {
      const result: PageSummary[] = [];
      for (const key of editor.pageKeys(defaultLocale)) {
        if (!key.startsWith(`${folder}/`)) continue;
        const p = resolved(key, locale)?.page;
        if (!p) continue;
        result.push({
          folder: p.folder,
          identity: p.identity,
          title: p.title,
          description: p.description,
          order: p.order,
        });
      }
      return result.sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.identity.localeCompare(b.identity));
    },
    routeRule(path) {
      const normalized = path.toLowerCase().replace(/\/+$/, '') || '/';
      return redirectByPath.get(normalized) ?? null;
    },
  };
}

function markdownSource(text: string): PageSource {
  const { meta, body } = parseFrontMatter(text);
  return {
    title: meta.title ?? '',
    description: meta.description ?? '',
    ...(meta.order ? { order: Number(meta.order) } : {}),
    // A bonus page may name the code its claim button applies (decision 0076).
    ...(meta.bonusCode ? { bonusCode: meta.bonusCode } : {}),
    markdown: body,
  };
}

interface QuestionsFile {
  title: string;
  description: string;
  order?: number;
  items: { question: string; answer: string }[];
}

const questionsSource = (file: QuestionsFile): PageSource => ({
  title: file.title,
  description: file.description,
  ...(file.order !== undefined ? { order: file.order } : {}),
  items: file.items.map((i) => ({ question: i.question, answer: i.answer })),
});

/** A page's source → the page the site gets, its Markdown rendered once. */
export function pageEntry(folder: PageFolder, identity: string, locale: string, source: PageSource): PageEntry {
  const page: Page = {
    folder,
    identity,
    locale,
    title: source.title || identity,
    description: source.description ?? '',
    html: source.items ? '' : renderMarkdown(source.markdown ?? ''),
    order: source.order,
    ...(source.bonusCode ? { bonusCode: source.bonusCode } : {}),
    ...(source.items
      ? { items: source.items.map((i) => ({ question: i.question, answerHtml: renderMarkdown(i.answer) })) }
      : {}),
  };
  return { page, source };
}
