import { useSearchParams } from 'react-router';
import { GAMES_CONTENT } from '../content-paths.ts';
import { loadProviders, visitorCountry } from '../features/games/index.server.ts';
import { GameListGrid, gamesQuery, parseSort, SortSelect, toCardPage, useGameList } from '../features/games/index.ts';
import { useI18n } from '../shared/i18n/i18n.tsx';
import { LocalLink } from '../shared/i18n/link.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import { useSession } from '../shared/session/session.ts';
import { EmptyState, PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/providers';

/**
 * /providers: every provider with enabled games (failing to load: none, spec §8); `?provider={identity}`
 * shows that provider's games with "load more".
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [providers, country] = await Promise.all([loadProviders(context.api), visitorCountry(context.api)]);
  const selected = providers.find((p) => p.identity === url.searchParams.get('provider')) ?? null;
  const sort = parseSort(url.searchParams.get('sort'), false);
  const first = selected
    ? toCardPage(
        await context.api.game
          .games({ query: gamesQuery({ providerId: selected.id, country, sort }) })
          .catch(() => null),
      )
    : null;
  const content = await routeContent(context.api, request, params.lang, GAMES_CONTENT);
  return { providers, selected, first, sort, country, content };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta(
    rootOf(matches, location),
    loaderData?.selected ? { title: loaderData.selected.name } : { titleKey: 'global-components.pages.providers' },
  );

export default function Providers({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { providers, selected } = loaderData;
  return (
    <div className="page">
      <PageHeader title={selected ? selected.name : t('global-components.pages.providers')}>
        {selected && (
          <LocalLink to="/providers" className="link-button">
            {t('global-components.games.allProviders')}
          </LocalLink>
        )}
      </PageHeader>
      {providers.length === 0 ? (
        <EmptyState icon="providers" text={t('global-components.empty.providers')} />
      ) : selected ? (
        <ProviderGames key={selected.id} loaderData={loaderData} />
      ) : (
        <ul className="provider-grid">
          {providers.map((p) => (
            <li key={p.id}>
              <LocalLink to={`/providers?provider=${encodeURIComponent(p.identity)}`} className="provider-card">
                <span className="provider-card__name">{p.name}</span>
                <span className="provider-card__count muted">
                  {t('global-components.games.gameCount', { count: p.gameEnabledCount })}
                </span>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProviderGames({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const { t } = useI18n();
  const { isLoggedIn } = useSession();
  const [params] = useSearchParams();
  const { selected, first, country } = loaderData;
  const sort = parseSort(params.get('sort'), isLoggedIn);
  const list = useGameList({ providerId: selected?.id, country, sort }, sort === loaderData.sort ? first : null);
  return (
    <div className="stack">
      <div className="games-toolbar">
        <SortSelect value={sort} />
      </div>
      <GameListGrid list={list} emptyText={t('global-components.empty.games')} label={selected?.name ?? ''} />
    </div>
  );
}
