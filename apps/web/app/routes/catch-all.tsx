import { redirect } from 'react-router';
import { notFound } from '../lib/not-found.ts';
import type { Route } from './+types/catch-all';

/** /{slug}: a route rule may redirect (external targets leave the site); anything else is the spec's 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { data: rule } = await context.api.content.routeRule({ query: { path: url.pathname } });
  if (rule) throw redirect(rule.to, rule.status);
  throw notFound(url.pathname);
}

export default function CatchAll() {
  return null;
}
