import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every page exists unprefixed (default locale) and under a locale prefix (spec §2). The prefixed copy
 * gets its own route id; loaders check that the prefix is a real, non-default locale.
 */
const localized = (path: string, file: string, id: string, children?: RouteConfig) => [
  route(path, file, { id }, children as never),
  route(`:lang/${path}`, file, { id: `locale-${id}` }, children as never),
];

const profileChildren = (prefix: string) => [
  index('routes/profile/index.tsx', { id: `${prefix}profile-index` }),
  route(':section', 'routes/profile/section.tsx', { id: `${prefix}profile-section` }),
];

export default [
  // The text of a modal opened after load (issue 15); outside the site layout: no page, no locale prefix.
  route('_content', 'routes/content-by-path.ts', { id: 'content-by-path' }),
  // Checks the locale prefix once for every page below.
  layout('routes/site-layout.tsx', { id: 'site' }, [
    index('routes/home.tsx', { id: 'index' }),
    route(':lang', 'routes/home.tsx', { id: 'locale-index' }),
    ...localized('main', 'routes/main.tsx', 'main'),
    ...localized('games/:id', 'routes/game.tsx', 'games-id'),
    ...localized('categories', 'routes/categories.tsx', 'categories'),
    ...localized('categories/:categoryIdentity', 'routes/category.tsx', 'categories-categoryIdentity'),
    ...localized('providers', 'routes/providers.tsx', 'providers'),
    ...localized('favorites', 'routes/favorites.tsx', 'favorites'),
    ...localized('recently-played', 'routes/recently-played.tsx', 'recently-played'),
    ...localized('tournaments', 'routes/tournaments.tsx', 'tournaments'),
    ...localized('tournaments/:identity', 'routes/tournament.tsx', 'tournaments-identity'),
    ...localized('betting', 'routes/betting.tsx', 'betting'),
    ...localized('loyalty', 'routes/loyalty.tsx', 'loyalty'),
    ...localized('welcome-package', 'routes/welcome-package.tsx', 'welcome-package'),
    ...localized('bonus/:pageIdentity', 'routes/content-page.tsx', 'bonus-pageIdentity'),
    ...localized('static/:pageIdentity', 'routes/content-page.tsx', 'static-pageIdentity'),
    ...localized('contact', 'routes/contact.tsx', 'contact'),
    route('profile', 'routes/profile/layout.tsx', { id: 'profile' }, profileChildren('')),
    route(':lang/profile', 'routes/profile/layout.tsx', { id: 'locale-profile' }, profileChildren('locale-')),
    ...localized('auth/autologin', 'routes/auth-autologin.tsx', 'auth-autologin'),
    ...localized(
      'auth/social/:connection/callback',
      'routes/auth-social-callback.tsx',
      'auth-social-connection-callback',
    ),
    // Never prefixed (spec §2).
    route('questions', 'routes/questions.tsx', { id: 'questions' }),
    route('questions/:pageIdentity', 'routes/questions-page.tsx', { id: 'questions-pageIdentity' }),
    route('verify/:confirmCode', 'routes/verify.tsx', { id: 'verify-confirmCode' }),
    route('password/reset/:resetCode', 'routes/password-reset.tsx', { id: 'password-reset-resetCode' }),
    // Development tools: never prefixed, never indexed; the page says so when the server has them off.
    route('dev/mailbox', 'routes/dev-mailbox.tsx', { id: 'dev-mailbox' }),
    route('*', 'routes/catch-all.tsx', { id: 'slug' }),
  ]),
] satisfies RouteConfig;
