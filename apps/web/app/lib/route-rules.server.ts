import type { ApiClient } from '@croupier/contracts';
import { redirect } from 'react-router';
import { notFound } from './not-found.ts';

/**
 * The end of the road for a path no page claims: a route rule may redirect it (external targets
 * leave the site, spec §7), anything else is the spec's 404.
 */
export async function ruleOrNotFound(api: ApiClient, pathname: string): Promise<never> {
  const { data: rule } = await api.content.routeRule({ query: { path: pathname } });
  if (rule) throw redirect(rule.to, rule.status);
  throw notFound(pathname);
}
