import { useLoaderData } from 'react-router';
import { notFound } from '../lib/not-found.ts';
import { loadSiteSettings } from '../lib/site-data.server.ts';
import { useT } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { EmptyState, PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/betting';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'layout.nav.betting' });

/** The sportsbook page exists only when its client host and id are configured (spec §2). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { site } = await loadSiteSettings(context.api);
  if (!site.bettingEnabled) throw notFound(new URL(request.url).pathname);
  return { enabled: true };
}

export default function Betting() {
  const t = useT();
  useLoaderData<typeof loader>();
  return (
    <div className="page">
      <PageHeader title={t('layout.nav.betting')} />
      <EmptyState icon="ball" text={t('global-components.empty.games')} />
    </div>
  );
}
