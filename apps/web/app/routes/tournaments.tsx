import type { Tournament } from '@croupier/contracts';
import { TOURNAMENTS_CONTENT, TournamentsPage } from '../features/tournaments/index.ts';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import type { Route } from './+types/tournaments';

/** Active (states 2, 3) and finished (4, 5) tournaments, 6 of each (api-contract §11.3); failing: none. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const list = (state: number[]) =>
    context.api.retentionTournaments
      .tournaments({ query: { state, perPage: 6 } })
      .then((a) => a.data)
      .catch(() => [] as Tournament[]);
  const [active, finished, content] = await Promise.all([
    list([2, 3]),
    list([4, 5]),
    routeContent(context.api, request, params.lang, TOURNAMENTS_CONTENT),
  ]);
  return { active, finished, content };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.tournaments' });

export default function Tournaments({ loaderData }: Route.ComponentProps) {
  return <TournamentsPage active={loaderData.active} finished={loaderData.finished} />;
}
