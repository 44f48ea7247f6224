import { Outlet } from 'react-router';
import { ruleOrNotFound } from '../lib/route-rules.server.ts';
import { LOCALE_PREFIX } from '../shared/i18n/locale.ts';
import type { Route } from './+types/site-layout';

/**
 * Checks the locale prefix once for every page. `/faq` also lands here (as `:lang`), so a first
 * segment that is not a site locale goes through the route rules before it is a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (params.lang === undefined) return null;
  const locales = await context.api.settings.locales();
  if (!LOCALE_PREFIX.test(params.lang) || !locales.data.some((l) => l.code === params.lang)) {
    return ruleOrNotFound(context.api, new URL(request.url).pathname);
  }
  return null;
}

export default function SiteLayout() {
  return <Outlet />;
}
