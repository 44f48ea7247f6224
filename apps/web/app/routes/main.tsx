import { loadLobby } from '../features/games/lobby.server.ts';
import { Lobby } from '../features/games/lobby.tsx';
import { useT } from '../features/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../features/i18n/meta.ts';
import { PageHeader } from '../features/ui/page.tsx';
import type { Route } from './+types/main';

export async function loader({ context }: Route.LoaderArgs) {
  return loadLobby(context.api);
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
