import { GAMES_CONTENT } from '../content-paths.ts';
import { loadLobby } from '../features/games/index.server.ts';
import { Lobby } from '../features/games/index.ts';
import { useT } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import { PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/main';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const [lobby, content] = await Promise.all([
    loadLobby(context.api),
    routeContent(context.api, request, params.lang, GAMES_CONTENT),
  ]);
  return { ...lobby, content };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.pages.main' });

export default function Main({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={t('global-components.pages.main')} />
      <Lobby rows={loaderData.rows} winners={loaderData.winners} />
    </div>
  );
}
