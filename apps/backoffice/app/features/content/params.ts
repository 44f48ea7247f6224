import { ContentFolder, type ContentLocale, PageFolder } from '@croupier/contracts';
import { defaultLocaleCode, localeCodes, locales } from '@croupier/contracts/reference/locales';

/** The content screen's address (`?locale=`, `?tab=`, `?folder=`, `?q=`): what it shows survives a reload. */
export type ContentTab = 'pages' | 'texts' | 'missing';
export const CONTENT_TABS: Record<ContentTab, string> = {
  pages: 'Pages',
  texts: 'Texts',
  missing: 'Missing translations',
};

export const localeOf = (value: string | null | undefined): ContentLocale =>
  (localeCodes as readonly string[]).includes(value ?? '') ? (value as ContentLocale) : defaultLocaleCode;

export const tabOf = (value: string | null): ContentTab => (value === 'texts' || value === 'missing' ? value : 'pages');

export const folderOf = (value: string | null): ContentFolder =>
  ContentFolder.safeParse(value).success ? (value as ContentFolder) : 'layout';

export const pageFolderOf = (value: string | null | undefined): PageFolder =>
  PageFolder.safeParse(value).success ? (value as PageFolder) : 'static';

export const localeName = (code: string) => locales.find((l) => l.code === code)?.name ?? code;

export const LOCALE_OPTIONS = locales.map((l) => ({ value: l.code as ContentLocale, label: l.name }));

export const FOLDER_NAMES: Record<ContentFolder, string> = {
  layout: 'Layout',
  'global-components': 'Global components (error page…)',
  alerts: 'Alerts',
  'fields-settings': 'Form fields',
};

export const PAGE_FOLDER_NAMES: Record<PageFolder, string> = {
  static: 'Static',
  bonus: 'Bonus',
  questions: 'Questions',
};

/** The editor of one page (`new` for a new one), with the list's locale. */
export const pageHref = (locale: string, folder: string, identity: string) =>
  `/content/${locale}/pages/${folder}/${identity}`;
export const newPageHref = (locale: string) => `/content/${locale}/pages/new`;

export const contentKeys = {
  all: ['content'] as const,
  locales: ['content', 'locales'] as const,
  pages: (locale: string) => ['content', locale, 'pages'] as const,
  page: (locale: string, folder: string, identity: string) => ['content', locale, 'page', folder, identity] as const,
  document: (locale: string, folder: string) => ['content', locale, 'document', folder] as const,
  missing: (locale: string) => ['content', locale, 'missing'] as const,
};
