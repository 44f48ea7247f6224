import { isbot } from 'isbot';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { SHELL_CONTENT } from './content-paths.ts';
import { startPwa } from './features/pwa/index.ts';
import { GeoRestricted, reachableWhenRestricted, Shell } from './features/shell/index.ts';
import {
  ACCESS_TOKEN_COOKIE,
  AFFILIATE_COOKIE,
  LANGUAGE_COOKIE,
  REFERRAL_COOKIE,
  readCookie,
  serializeCookie,
} from './lib/cookies.ts';
import { useNonce } from './lib/nonce.tsx';
import { playerInitOf } from './lib/player-init.server.ts';
import { loadConstants, loadContent, loadCountryIndex, loadSiteSettings } from './lib/site-data.server.ts';
import { modalRegistry } from './modal-registry.ts';
import type { AuthSettings, RootData } from './root-data.ts';
import { pickContent } from './shared/i18n/content-tree.ts';
import { I18nProvider } from './shared/i18n/i18n.tsx';
import { isNeverPrefixed, LOCALE_PREFIX, localizePath, resolveLocale, splitLocale } from './shared/i18n/locale.ts';
import { openModalContent } from './shared/modals/open-modal-content.ts';
import { ModalRegistryProvider } from './shared/modals/registry-context.tsx';
import { preferencesBootScript } from './shared/preferences/preferences.ts';
import { loadSessionProfile } from './shared/session/session.server.ts';
import { SessionProvider } from './shared/session/session-provider.tsx';
import { ErrorScreen } from './shared/ui/error-screen.tsx';
import './styles/app.css';
import './styles/realtime.css';

// The installable app: the install prompt kept from the start, the service worker after load (decision 0070).
startPwa();

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api } = context;
  const url = new URL(request.url);
  const [{ site, locales }, geo, countries] = await Promise.all([
    loadSiteSettings(api),
    playerInitOf(api),
    loadCountryIndex(api),
  ]);
  const country = geo.country ? countries.get(geo.country) : undefined;
  const known = locales.map((l) => l.code);
  const defaultLocale = locales.find((l) => l.isDefault)?.code ?? 'en';
  const cookieHeader = request.headers.get('cookie');

  // Affiliate tag and referral code: kept only if none exists yet, then taken out of the address (spec §2, §4;
  // decision 0067 for `ref`).
  const stag = url.searchParams.get('stag');
  const ref = url.searchParams.get('ref');
  if (stag !== null || ref !== null) {
    url.searchParams.delete('stag');
    url.searchParams.delete('ref');
    const headers = new Headers();
    const keep = (name: string, value: string | null, pattern: RegExp) => {
      if (value === null || readCookie(cookieHeader, name) || !pattern.test(value)) return;
      headers.append(
        'set-cookie',
        serializeCookie(name, value, {
          maxAgeSeconds: site.affiliateCookieDays * 86_400,
          secure: url.protocol === 'https:',
        }),
      );
    };
    keep(AFFILIATE_COOKIE, stag, /^[\w.-]{1,100}$/);
    keep(REFERRAL_COOKIE, ref, /^[A-Za-z0-9]{4,32}$/);
    throw redirect(url.pathname + url.search, { headers });
  }

  const { prefix, rest } = splitLocale(url.pathname, known);
  let locale: string;
  // A first segment in the locale position that is not a locale: the site layout answers 404.
  const invalidPrefix = params.lang !== undefined && !prefix;
  if (invalidPrefix) {
    locale = defaultLocale;
  } else if (prefix) {
    if (prefix === defaultLocale || isNeverPrefixed(rest)) throw redirect(rest + url.search, 301);
    locale = prefix;
  } else {
    const resolved = resolveLocale({
      cookie: readCookie(cookieHeader, LANGUAGE_COOKIE),
      countryLocale: country?.locale ?? null,
      known,
      defaultLocale,
    });
    const bot = isbot(request.headers.get('user-agent') ?? '');
    if (resolved !== defaultLocale && !isNeverPrefixed(rest) && !bot && request.method === 'GET') {
      throw redirect(localizePath(rest, resolved, defaultLocale) + url.search);
    }
    locale = isNeverPrefixed(rest) ? resolved : defaultLocale;
  }

  const [allContent, constants, session] = await Promise.all([
    loadContent(api, locale),
    loadConstants(api),
    loadSessionProfile(api, cookieHeader),
  ]);
  const auth: AuthSettings = {
    registration: constants.player.registration,
    otpEnabled: constants.player.otp.enabled,
    geoCurrency: country?.currency ?? null,
    social: constants.player.socialAuth,
  };
  const contentPaths = [...SHELL_CONTENT, ...openModalContent(url.searchParams, modalRegistry)];
  const content = pickContent(allContent, contentPaths);
  const rootData = {
    locale,
    defaultLocale,
    locales,
    site,
    geo,
    content,
    contentPaths,
    path: rest,
    origin: site.publicUrl,
    player: session.profile ? { id: session.profile.id } : null,
    profile: session.profile,
    sessionPending: session.pending,
    auth,
    demo: context.demo ?? false,
  } satisfies RootData;
  // A page rendered for a session must never be stored by a shared cache.
  const hasSession = readCookie(cookieHeader, ACCESS_TOKEN_COOKIE) !== null;
  return data(rootData, hasSession ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get('Cache-Control');
  return cacheControl ? { 'Cache-Control': cacheControl } : new Headers();
}

/** The locale-looking first segment of a path ('' when there is none). */
const prefixOf = (url: URL) => {
  const first = url.pathname.split('/')[1] ?? '';
  return LOCALE_PREFIX.test(first) ? first : '';
};

/**
 * Root data (site switches, locales, geo, the shell's content, the profile at load time) changes with
 * the locale, not with the page: a navigation inside one locale keeps it instead of fetching the shell's
 * content again (each route's loader brings its own). Actions and explicit revalidation (`currentUrl` equals `nextUrl`) still reload it; so
 * does moving into or out of a never-prefixed page, whose locale comes from the cookie.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (prefixOf(currentUrl) !== prefixOf(nextUrl)) return defaultShouldRevalidate;
  if (isNeverPrefixed(currentUrl.pathname) !== isNeverPrefixed(nextUrl.pathname)) return defaultShouldRevalidate;
  return false;
}

/**
 * zod probes `new Function("")` when its first object schema is built (for its JIT), which the page's CSP
 * refuses and reports as a violation. zod reads this global before any schema exists: jitless in the
 * browser, so the probe never runs (decision 0075).
 */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig={jitless:true};';

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>('root');
  const nonce = useNonce();
  return (
    <html lang={root?.locale ?? 'en'} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b0f1a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        {/* The server's <ServerRouter nonce> gives the stylesheet links a nonce; the browser's router has none, so
            without the prop each link hydrated with nonce={undefined} against the server's attribute (issue 30). */}
        <Links nonce={nonce} />
        {/* constant boot scripts, nonce'd */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: preferencesBootScript }} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const restricted = loaderData.geo.isRestricted && loaderData.geo.restrictType === 1;
  const { pathname } = useLocation();
  const pagePath = splitLocale(
    pathname,
    loaderData.locales.map((l) => l.code),
  ).rest;
  return (
    <I18nProvider root={loaderData}>
      <ModalRegistryProvider registry={modalRegistry}>
        <SessionProvider root={loaderData}>
          {restricted ? (
            <GeoRestricted country={loaderData.geo.country ?? ''}>
              {reachableWhenRestricted(pagePath) ? <Outlet /> : undefined}
            </GeoRestricted>
          ) : (
            <Shell>
              <Outlet />
            </Shell>
          )}
        </SessionProvider>
      </ModalRegistryProvider>
    </I18nProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<RootData>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const screen = <ErrorScreen status={status} />;
  if (!root) return screen;
  return (
    <I18nProvider root={root}>
      <ModalRegistryProvider registry={modalRegistry}>
        <SessionProvider root={root}>
          <Shell>{screen}</Shell>
        </SessionProvider>
      </ModalRegistryProvider>
    </I18nProvider>
  );
}
