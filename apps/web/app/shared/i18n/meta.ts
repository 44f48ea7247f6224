import type { MetaDescriptor } from 'react-router';
import type { RootData } from '../../root-data.ts';
import { contentOfMatches, mergeContent } from './content-tree.ts';
import { localizePath, splitLocale } from './locale.ts';
import { createTranslate } from './translate.ts';

/**
 * Title, description, og:url and alternate-language links for a page (spec §2). `matches` carries
 * the root data; a page passes its own title key or text.
 */
export function pageMeta(
  root: RootData | undefined,
  opts: { title?: string; titleKey?: string; description?: string; noindex?: boolean } = {},
): MetaDescriptor[] {
  if (!root) return [{ title: 'Croupier' }];
  const t = createTranslate(root.content);
  const site = t('layout.meta.siteName');
  const pageTitle = opts.title ?? (opts.titleKey ? t(opts.titleKey) : null);
  const title = pageTitle ? `${pageTitle} | ${site}` : t('layout.meta.defaultTitle');
  const description = opts.description ?? t('layout.meta.defaultDescription');
  const url = `${root.origin}${localizePath(root.path, root.locale, root.defaultLocale)}`;
  const alternates: MetaDescriptor[] = root.locales.map((l) => ({
    tagName: 'link',
    rel: 'alternate',
    hrefLang: l.code,
    href: `${root.origin}${localizePath(root.path, l.code, root.defaultLocale)}`,
  }));
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site },
    { property: 'og:locale', content: root.locale },
    { tagName: 'link', rel: 'canonical', href: url },
    ...alternates,
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${root.origin}${root.path}` },
    ...(opts.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

/**
 * The root's data from a meta function's matches, with `path` taken from the current location: root
 * data is not reloaded on every navigation (only when the locale changes), the location always is.
 */
export function rootOf(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  location: { pathname: string },
): RootData | undefined {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  if (!root) return undefined;
  return {
    ...root,
    // Page titles may come from the route's own content (the contact page's title, the profile's).
    content: mergeContent(contentOfMatches(matches)),
    path: splitLocale(
      location.pathname,
      root.locales.map((l) => l.code),
    ).rest,
  };
}
