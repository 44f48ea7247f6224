/** Pages that never carry a locale prefix (spec §2), and the development tools under /dev/. */
const NEVER_PREFIXED = [/^\/questions(\/|$)/, /^\/verify\//, /^\/password\/reset\//, /^\/dev\//];

export const isNeverPrefixed = (pathname: string) => NEVER_PREFIXED.some((re) => re.test(pathname));

/** Two lowercase letters, or ll-ll (spec §2). */
export const LOCALE_PREFIX = /^[a-z]{2}(-[a-z]{2})?$/;

/** Splits `/de/main` into { prefix: 'de', rest: '/main' } when the first segment looks like a locale. */
export function splitLocale(pathname: string, known: readonly string[]): { prefix: string | null; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && LOCALE_PREFIX.test(first) && known.includes(first)) return { prefix: first, rest: match?.[2] ?? '/' };
  return { prefix: null, rest: pathname };
}

/** The path of `rest` in `locale`: no prefix for the default locale or never-prefixed pages. */
export function localizePath(rest: string, locale: string, defaultLocale: string): string {
  const path = rest.startsWith('/') ? rest : `/${rest}`;
  if (locale === defaultLocale || isNeverPrefixed(path)) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** Locale resolution for an unprefixed request (spec §4): cookie, else the geo country's locale, else default. */
export function resolveLocale(opts: {
  cookie: string | null;
  countryLocale: string | null;
  known: readonly string[];
  defaultLocale: string;
}): string {
  if (opts.cookie && opts.known.includes(opts.cookie)) return opts.cookie;
  if (opts.countryLocale && opts.known.includes(opts.countryLocale)) return opts.countryLocale;
  return opts.defaultLocale;
}
