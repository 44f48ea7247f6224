import type { ContentTree } from '@croupier/contracts';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { RootData } from '../../root-data.ts';
import { useFetchedContent } from './content-store.ts';
import { contentOfMatches, mergeContent } from './content-tree.ts';
import { localizePath, splitLocale } from './locale.ts';
import { createTranslate, type Translate } from './translate.ts';

interface I18n {
  root: RootData;
  locale: string;
  /** The text this page has: the shell's (root), the current route's, and any a modal fetched. */
  content: ContentTree;
  t: Translate;
  /** Path in the current locale (no prefix for the default locale and never-prefixed pages). */
  href: (path: string) => string;
}

const I18nContext = createContext<I18n | null>(null);
/** For the few places that must also render without the site's data (the root error page). */
export const I18nContextOptional = I18nContext;

/** The same array while its items are the same trees, so the merged content is not rebuilt every render. */
function useStableTrees(trees: ContentTree[]): ContentTree[] {
  const kept = useRef(trees);
  const same = kept.current.length === trees.length && kept.current.every((tree, i) => tree === trees[i]);
  if (!same) kept.current = trees;
  return kept.current;
}

export function I18nProvider({ root, children }: { root: RootData; children: ReactNode }) {
  const routeTrees = useStableTrees(contentOfMatches(useMatches()));
  const fetched = useFetchedContent(root.locale);
  const content = useMemo(
    () => mergeContent([root.content, ...routeTrees, fetched]),
    [root.content, routeTrees, fetched],
  );
  // Stable while the locale is: effects that build links (a game's launch) must not re-run when a
  // modal's text arrives.
  const href = useCallback(
    (path: string) => localizePath(path, root.locale, root.defaultLocale),
    [root.locale, root.defaultLocale],
  );
  const value = useMemo<I18n>(
    () => ({ root, locale: root.locale, content, t: createTranslate(content), href }),
    [root, content, href],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

export const useT = () => useI18n().t;

/**
 * The current page's path without its locale prefix. Read from the location, not from root data:
 * root data reloads only when the locale changes.
 */
export function usePagePath(): string {
  const { root } = useI18n();
  const { pathname } = useLocation();
  return splitLocale(
    pathname,
    root.locales.map((l) => l.code),
  ).rest;
}
