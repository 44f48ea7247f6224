import type { ContentTree } from '@croupier/contracts';
import { useSyncExternalStore } from 'react';
import { mergeContent } from './content-tree.ts';

/**
 * Content the browser fetched after the page loaded: the text of a modal opened on this page
 * (`/_content`, routes/content-by-path.ts). Per locale; a path is fetched once per locale.
 */
const trees = new Map<string, ContentTree>();
const pending = new Map<string, Promise<void>>();
const fetchedPaths = new Map<string, string[]>();
const listeners = new Set<() => void>();
const EMPTY: ContentTree = {};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The fetched content of a locale; re-renders when more arrives. Empty during SSR. */
export function useFetchedContent(locale: string): ContentTree {
  return useSyncExternalStore(
    subscribe,
    () => trees.get(locale) ?? EMPTY,
    () => EMPTY,
  );
}

/** The paths fetched for a locale so far (whole subtrees). */
export const fetchedPathsOf = (locale: string): readonly string[] => fetchedPaths.get(locale) ?? [];

/**
 * Fetches the paths of a locale once; the same promise for the same request, so React's `use` can
 * wait on it. A failed fetch leaves the text showing its keys until the next page load.
 */
export function fetchContent(locale: string, paths: readonly string[]): Promise<void> {
  const key = `${locale}|${[...paths].sort().join(',')}`;
  let request = pending.get(key);
  if (!request) {
    const query = new URLSearchParams({ locale, paths: paths.join(',') });
    request = fetch(`/_content?${query}`)
      .then((r) => (r.ok ? (r.json() as Promise<ContentTree>) : {}))
      // Kept as settled: asking again at once would fail again, and a waiting modal would wait forever.
      .catch(() => ({}))
      .then((tree) => {
        trees.set(locale, mergeContent([trees.get(locale) ?? EMPTY, tree]));
        fetchedPaths.set(locale, [...(fetchedPaths.get(locale) ?? []), ...paths]);
        for (const listener of listeners) listener();
      });
    pending.set(key, request);
  }
  return request;
}
