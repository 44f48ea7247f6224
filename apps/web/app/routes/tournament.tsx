import { TOURNAMENTS_CONTENT, TournamentPage } from '../features/tournaments/index.ts';
import { notFound } from '../lib/not-found.ts';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import type { Route } from './+types/tournament';

/** One tournament by identity (a guest call during SSR; the page reads it again with the player's token). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const [answer, content] = await Promise.all([
    context.api.retentionTournaments.tournament({ params: { id: params.identity } }).catch(() => null),
    routeContent(context.api, request, params.lang, TOURNAMENTS_CONTENT),
  ]);
  if (!answer) throw notFound(new URL(request.url).pathname);
  return { tournament: answer.data, content };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta(
    rootOf(matches, location),
    loaderData ? { title: loaderData.tournament.title } : { titleKey: 'global-components.pages.tournament' },
  );

export default function Tournament({ loaderData }: Route.ComponentProps) {
  return <TournamentPage key={loaderData.tournament.id} initial={loaderData.tournament} />;
}
