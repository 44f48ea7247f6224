import { ApiError } from '@croupier/contracts';
import { GAME_PAGE_CONTENT } from '../content-paths.ts';
import { GamePage } from '../features/games/index.ts';
import { notFound } from '../lib/not-found.ts';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import type { Route } from './+types/game';

/** /games/{id}: the game by id or identity (api-contract §9); an unknown one is a real 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  try {
    const [{ data }, content] = await Promise.all([
      context.api.game.game({ params: { idOrIdentity: params.id } }),
      routeContent(context.api, request, params.lang, GAME_PAGE_CONTENT),
    ]);
    return { game: data, content };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      throw notFound(new URL(request.url).pathname);
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta(rootOf(matches, location), {
    title: loaderData?.game.name,
    description: loaderData?.game.description ?? undefined,
  });

export default function GameRoute({ loaderData }: Route.ComponentProps) {
  return <GamePage key={loaderData.game.id} game={loaderData.game} />;
}
