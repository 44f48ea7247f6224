import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { RootData } from '../../root.tsx';
import { localizePath, splitLocale } from '../locale/locale.ts';
import { createTranslate, type Translate } from './translate.ts';

interface I18n {
  root: RootData;
  locale: string;
  t: Translate;
  /** Path in the current locale (no prefix for the default locale and never-prefixed pages). */
  href: (path: string) => string;
}

const I18nContext = createContext<I18n | null>(null);
/** For the few places that must also render without the site's data (the root error page). */
export const I18nContextOptional = I18nContext;

export function I18nProvider({ root, children }: { root: RootData; children: ReactNode }) {
  const value = useMemo<I18n>(
    () => ({
      root,
      locale: root.locale,
      t: createTranslate(root.content),
      href: (path) => localizePath(path, root.locale, root.defaultLocale),
    }),
    [root],
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
