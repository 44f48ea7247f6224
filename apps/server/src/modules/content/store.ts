import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentFolder, ContentTree, Page, PageFolder, PageSummary, RouteRule } from '@croupier/contracts';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: false });

export interface ContentStore {
  document(folder: ContentFolder, locale: string): ContentTree;
  page(folder: PageFolder, identity: string, locale: string): Page | null;
  pages(folder: PageFolder, locale: string): PageSummary[];
  routeRule(path: string): RouteRule | null;
}

interface LocaleContent {
  documents: Map<string, ContentTree>;
  pages: Map<string, Page>;
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

const render = (markdown: string) => marked.parse(markdown, { async: false }) as string;

/**
 * Reads the repository's content tree once at start: content is versioned with the code, so it
 * changes with a deploy, and every request is served from memory.
 */
export function loadContentStore(root: string, defaultLocale: string): ContentStore {
  const locales = new Map<string, LocaleContent>();
  for (const locale of readdirSync(root, { withFileTypes: true })) {
    if (!locale.isDirectory()) continue;
    const dir = join(root, locale.name);
    const documents = new Map<string, ContentTree>();
    const pages = new Map<string, Page>();
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.json')) documents.set(file.slice(0, -5), JSON.parse(readFileSync(join(dir, file), 'utf8')));
    }
    for (const folder of ['static', 'bonus', 'questions'] as const) {
      const pageDir = join(dir, 'pages', folder);
      if (!existsSync(pageDir)) continue;
      for (const file of readdirSync(pageDir)) {
        const identity = file.replace(/\.(md|json)$/, '');
        const source = readFileSync(join(pageDir, file), 'utf8');
        pages.set(
          `${folder}/${identity}`,
          file.endsWith('.json')
            ? questionsPage(folder, identity, locale.name, JSON.parse(source))
            : markdownPage(folder, identity, locale.name, source),
        );
      }
    }
    locales.set(locale.name, { documents, pages });
  }
  const fallback = locales.get(defaultLocale);
  if (!fallback) throw new Error(`Content for the default locale '${defaultLocale}' is missing in ${root}`);

  const routeRulesFile = join(root, 'route-rules.json');
  const redirects: RouteRule[] = existsSync(routeRulesFile)
    ? (JSON.parse(readFileSync(routeRulesFile, 'utf8')) as { redirects: RouteRule[] }).redirects
    : [];
  const redirectByPath = new Map(redirects.map((r) => [r.from.toLowerCase(), r]));

  const merged = new Map<string, ContentTree>();
  return {
    document(folder, locale) {
      const key = `${locale}/${folder}`;
      let tree = merged.get(key);
      if (!tree) {
        tree = mergeFallback(fallback.documents.get(folder) ?? {}, locales.get(locale)?.documents.get(folder));
        if (locales.has(locale)) merged.set(key, tree);
      }
      return tree;
    },
    page(folder, identity, locale) {
      const key = `${folder}/${identity}`;
      return locales.get(locale)?.pages.get(key) ?? fallback.pages.get(key) ?? null;
    },
    pages(folder, locale) {
      const result: PageSummary[] = [];
      for (const [key, page] of fallback.pages) {
        if (!key.startsWith(`${folder}/`)) continue;
        const p = locales.get(locale)?.pages.get(key) ?? page;
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

function markdownPage(folder: PageFolder, identity: string, locale: string, source: string): Page {
  const { meta, body } = parseFrontMatter(source);
  return {
    folder,
    identity,
    locale,
    title: meta.title ?? identity,
    description: meta.description ?? '',
    html: render(body),
    order: meta.order ? Number(meta.order) : undefined,
    // A bonus page may name the code its claim button applies (decision 0076).
    ...(meta.bonusCode ? { bonusCode: meta.bonusCode } : {}),
  };
}

interface QuestionsSource {
  title: string;
  description: string;
  order?: number;
  items: { question: string; answer: string }[];
}

function questionsPage(folder: PageFolder, identity: string, locale: string, source: QuestionsSource): Page {
  return {
    folder,
    identity,
    locale,
    title: source.title,
    description: source.description,
    order: source.order,
    html: '',
    items: source.items.map((i) => ({ question: i.question, answerHtml: render(i.answer) })),
  };
}
