/** Expected wording read from the repository's content tree, so tests follow content edits. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const contentRoot = resolve(import.meta.dirname, '../../content');

type Tree = { [key: string]: string | Tree };

/** A string from content/{locale}/{folder}.json by dotted key, e.g. text('de', 'layout', 'nav.main'). */
export function text(locale: string, folder: string, key: string): string {
  const tree = JSON.parse(readFileSync(join(contentRoot, locale, `${folder}.json`), 'utf8')) as Tree;
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`content/${locale}/${folder}.json has no string at ${key}`);
  return node;
}

/** Front matter of a Markdown page, e.g. frontMatter('de', 'static', 'about-us').title. */
export function frontMatter(locale: string, folder: string, identity: string): Record<string, string> {
  const source = readFileSync(join(contentRoot, locale, 'pages', folder, `${identity}.md`), 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  if (!match) throw new Error(`content/${locale}/pages/${folder}/${identity}.md has no front matter`);
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return meta;
}

/** A questions group, content/{locale}/pages/questions/{identity}.json. */
export function questionsGroup(locale: string, identity: string): { title: string; description: string } {
  return JSON.parse(readFileSync(join(contentRoot, locale, 'pages', 'questions', `${identity}.json`), 'utf8'));
}

/** Identities of the questions groups of a locale (file names without .json). */
export const questionGroupIds = (locale: string): string[] =>
  readdirSync(join(contentRoot, locale, 'pages', 'questions'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5));

export const routeRules = (): { from: string; to: string; status: number }[] =>
  JSON.parse(readFileSync(join(contentRoot, 'route-rules.json'), 'utf8')).redirects;
