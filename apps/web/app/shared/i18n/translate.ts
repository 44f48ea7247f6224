import type { ContentTree } from '@croupier/contracts';

export type Params = Record<string, string | number>;

/** `{name}` placeholders filled from params; unknown placeholders stay visible so a gap is noticed. */
export function format(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Looks `a.b.c` up in a content tree; the key itself comes back when missing. */
export function lookup(tree: ContentTree, key: string): string | null {
  let node: string | ContentTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return null;
    node = node[part];
  }
  return typeof node === 'string' ? node : null;
}

export type Translate = (key: string, params?: Params) => string;

/** Texts already looked up, per content tree: SSR renders the same cached trees on every page. */
const looked = new WeakMap<ContentTree, Map<string, string>>();

export function createTranslate(content: ContentTree): Translate {
  let texts = looked.get(content);
  if (!texts) {
    texts = new Map();
    looked.set(content, texts);
  }
  const known = texts;
  return (key, params) => {
    let text = known.get(key);
    if (text === undefined) {
      text = lookup(content, key) ?? key;
      known.set(key, text);
    }
    return format(text, params);
  };
}
