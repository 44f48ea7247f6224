import { ApiError } from '@croupier/contracts';
import { GAME_PAGE_CONTENT } from '../content-paths.ts';
import { GamePage } from '../features/games/index.ts';
import { notFound } from '../lib/not-found.ts';
import { loadSiteSettings } from '../lib/site-data.server.ts';
import { useT } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import { EmptyState, PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/betting';

/** The sportsbook is a game of the catalogue (api-contract §9): started like any game through …/play. */
const SPORTSBOOK_GAME = 'betsy-sportsbook-betsy';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'layout.nav.betting' });

/**
 * The sportsbook page exists only when its client host and id are configured (spec §2). It plays the
 * sportsbook game in the game page's frame (docs/sportsbook.md); without that game in the catalogue it
 * says there is nothing to show yet.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { site } = await loadSiteSettings(context.api);
  if (!site.bettingEnabled) throw notFound(new URL(request.url).pathname);
  const [game, content] = await Promise.all([
    context.api.game
      .game({ params: { idOrIdentity: SPORTSBOOK_GAME } })
      .then(({ data }) => data)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    routeContent(context.api, request, params.lang, GAME_PAGE_CONTENT),
  ]);
  return { game, content };
}

export default function Betting({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.game) return <GamePage key={loaderData.game.id} game={loaderData.game} />;
  return (
    <div className="page">
      <PageHeader title={t('layout.nav.betting')} />
      <EmptyState icon="ball" text={t('global-components.empty.games')} />
    </div>
  );
}
