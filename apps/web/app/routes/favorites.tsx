import { GAMES_CONTENT } from '../content-paths.ts';
import { GameGrid, useFavorites } from '../features/games/index.ts';
import { useT } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import { useSession } from '../shared/session/session.ts';
import { PageHeader } from '../shared/ui/page.tsx';
import { SignInPrompt } from '../shared/ui/sign-in-prompt.tsx';
import type { Route } from './+types/favorites';

/** The page's own text (issue 15: the root sends the shell's only). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return { content: await routeContent(context.api, request, params.lang, GAMES_CONTENT) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.favorites', noindex: true });

export default function Favorites() {
  const t = useT();
  const { isLoggedIn } = useSession();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.favorites')} />
      {isLoggedIn ? <FavoriteGames /> : <SignInPrompt icon="heart" textKey="global-components.empty.favoritesGuest" />}
    </div>
  );
}

/** The games store's favorites (GET /api/game/games/favorites); un-hearting one removes it here too. */
function FavoriteGames() {
  const t = useT();
  const favorites = useFavorites();
  return (
    <GameGrid
      games={favorites.games}
      status={favorites.status === 'failed' ? 'failed' : favorites.status === 'ready' ? 'ready' : 'loading'}
      onRetry={() => void favorites.reload()}
      emptyIcon="heart"
      emptyText={t('global-components.empty.favorites')}
      label={t('global-components.pages.favorites')}
    />
  );
}
