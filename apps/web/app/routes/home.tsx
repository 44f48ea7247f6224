import { HOME_CONTENT } from '../content-paths.ts';
import { ActivityBoards } from '../features/activity/index.ts';
import { loadLobby } from '../features/games/index.server.ts';
import { Lobby } from '../features/games/index.ts';
import { useI18n } from '../shared/i18n/i18n.tsx';
import { LocalLink } from '../shared/i18n/link.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import type { Route } from './+types/home';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const [lobby, content] = await Promise.all([
    loadLobby(context.api),
    routeContent(context.api, request, params.lang, HOME_CONTENT),
  ]);
  return { ...lobby, content };
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(rootOf(matches, location));

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__glow" aria-hidden="true" />
        <h1 id="hero-title" className="hero__title">
          {t('global-components.home.heroTitle')}
        </h1>
        <p className="hero__text">{t('global-components.home.heroText')}</p>
        <LocalLink to="/main" className="button button--primary button--large">
          {t('global-components.home.heroCtaLoggedIn')}
        </LocalLink>
      </section>
      <section className="section" aria-labelledby="games-title">
        <h2 id="games-title" className="visually-hidden">
          {t('global-components.home.collectionsTitle')}
        </h2>
        <Lobby rows={loaderData.rows} winners={loaderData.winners} />
      </section>
      <ActivityBoards />
    </>
  );
}
