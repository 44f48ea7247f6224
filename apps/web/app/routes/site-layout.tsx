import { data, Outlet } from 'react-router';
import { LOCALE_PREFIX } from '../features/locale/locale.ts';
import { notFound } from '../lib/not-found.ts';
import type { Route } from './+types/site-layout';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (params.lang === undefined) return null;
  const locales = await context.api.settings.locales();
  if (!LOCALE_PREFIX.test(params.lang) || !locales.data.some((l) => l.code === params.lang)) {
    throw notFound(new URL(request.url).pathname);
  }
  return data(null);
}

export default function SiteLayout() {
  return <Outlet />;
}
