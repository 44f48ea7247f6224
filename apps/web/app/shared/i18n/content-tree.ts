import type { ContentTree } from '@croupier/contracts';

/** The node at a dotted path (`global-components.auth`), or undefined. */
function nodeAt(tree: ContentTree, path: string): string | ContentTree | undefined {
  let node: string | ContentTree | undefined = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * Whether a list of picked paths covers a path whole: the path itself or one of its prefixes was picked.
 * (A tree holding `alerts.copied` does not hold all of `alerts`, so presence in a tree is not enough.)
 */
export const coversPath = (picked: readonly string[], path: string): boolean =>
  picked.some((p) => p === path || path.startsWith(`${p}.`));

/** Whether the tree holds the path (a text or a subtree). */
export const hasContent = (tree: ContentTree, path: string): boolean => nodeAt(tree, path) !== undefined;

/** Picks already made, per tree (a cached locale's content) and path list: pages ask the same few every time. */
const picked = new WeakMap<ContentTree, Map<string, ContentTree>>();
/** Distinct path lists kept per tree (the modals a page address opens make new lists). */
const MAX_PICKS = 64;

/**
 * Only the given paths of a tree, in a tree of the same shape: what a page or a modal renders, not the
 * whole site's text (issue 15). Paths missing from the tree are left out. The same tree and paths give
 * the same (shared, never to be changed) answer.
 */
export function pickContent(tree: ContentTree, paths: readonly string[]): ContentTree {
  let byPaths = picked.get(tree);
  if (!byPaths) {
    byPaths = new Map();
    picked.set(tree, byPaths);
  }
  const key = paths.join('\n');
  let out = byPaths.get(key);
  if (!out) {
    out = pickPaths(tree, paths);
    if (byPaths.size >= MAX_PICKS) byPaths.clear();
    byPaths.set(key, out);
  }
  return out;
}

function pickPaths(tree: ContentTree, paths: readonly string[]): ContentTree {
  const out: ContentTree = {};
  for (const path of paths) {
    const node = nodeAt(tree, path);
    if (node === undefined) continue;
    const parts = path.split('.');
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      if (typeof next === 'object' && next !== null) {
        target = next;
      } else {
        const created: ContentTree = {};
        target[part] = created;
        target = created;
      }
    }
    target[parts.at(-1)!] = node;
  }
  return out;
}

/** Merges already made, by the trees merged (a trie of weak maps): SSR merges the same cached trees per page. */
interface MergeNode {
  next: WeakMap<ContentTree, MergeNode>;
  merged?: ContentTree;
}
const merges: MergeNode = { next: new WeakMap() };

/**
 * Trees laid over each other, later ones adding to (and winning over) earlier ones. The same trees (by
 * identity) give the same (shared, never to be changed) answer.
 */
export function mergeContent(trees: readonly ContentTree[]): ContentTree {
  let node = merges;
  for (const tree of trees) {
    let next = node.next.get(tree);
    if (!next) {
      next = { next: new WeakMap() };
      node.next.set(tree, next);
    }
    node = next;
  }
  if (!node.merged) {
    const out: ContentTree = {};
    for (const tree of trees) mergeInto(out, tree);
    node.merged = out;
  }
  return node.merged;
}

function mergeInto(target: ContentTree, source: ContentTree): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && value !== null && typeof existing === 'object' && existing !== null) {
      const copy: ContentTree = { ...existing };
      mergeInto(copy, value);
      target[key] = copy;
    } else {
      target[key] = value;
    }
  }
}

/** The `content` each matched route's loader sent (issue 15: a page gets only the text it renders). */
export function contentOfMatches(matches: ReadonlyArray<{ data?: unknown; loaderData?: unknown } | undefined>) {
  const trees: ContentTree[] = [];
  for (const match of matches) {
    const data = (match?.loaderData ?? match?.data) as { content?: unknown } | null | undefined;
    if (data && typeof data.content === 'object' && data.content !== null) trees.push(data.content as ContentTree);
  }
  return trees;
}
