import type { LoyaltyLevel } from '@croupier/contracts';
import { LOYALTY_CONTENT } from '../content-paths.ts';
import { LoyaltyPage } from '../features/loyalty/index.ts';
import { WheelPanel } from '../features/wheel/index.ts';
import { notFound } from '../lib/not-found.ts';
import { loadSiteSettings } from '../lib/site-data.server.ts';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import type { Route } from './+types/loyalty';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'layout.nav.loyalty' });

/** Loyalty exists only when enabled (spec §2); its levels are public and rendered on the server. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { site } = await loadSiteSettings(context.api);
  if (!site.loyaltyEnabled) throw notFound(new URL(request.url).pathname);
  const [levels, content] = await Promise.all([
    context.api.retentionLoyalty
      .loyaltyLevels({ query: { perPage: 100 } })
      .then((r) => r.data as LoyaltyLevel[])
      .catch(() => [] as LoyaltyLevel[]),
    routeContent(context.api, request, params.lang, LOYALTY_CONTENT),
  ]);
  return { levels, content };
}

export default function Loyalty({ loaderData }: Route.ComponentProps) {
  return <LoyaltyPage levels={loaderData.levels} wheel={<WheelPanel />} />;
}
