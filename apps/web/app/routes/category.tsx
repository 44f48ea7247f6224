import { useSearchParams } from 'react-router';
import { GAMES_CONTENT } from '../content-paths.ts';
import { loadCollections, visitorCountry } from '../features/games/index.server.ts';
import {
  CategoryTabs,
  GameListGrid,
  gamesQuery,
  parseSort,
  SortSelect,
  toCardPage,
  toCollectionLink,
  useGameList,
} from '../features/games/index.ts';
import { notFound } from '../lib/not-found.ts';
import { useI18n } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import { useSession } from '../shared/session/session.ts';
import { PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/category';

/**
 * /categories/{identity}: the collection's games, sorted (`?sort=`), first page from SSR, "load more"
 * in the browser. An identity no collection has (for this country) is a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const country = await visitorCountry(context.api);
  const collections = await loadCollections(context.api, country);
  const collection = collections.find((c) => c.identity === params.categoryIdentity);
  if (!collection) throw notFound(url.pathname);
  // SSR renders as a guest: `score` is offered to players only, so a guest's sort is what it renders.
  const sort = parseSort(url.searchParams.get('sort'), false);
  const first = await context.api.game
    .games({ query: gamesQuery({ collectionId: collection.id, country, sort }) })
    .catch(() => null);
  const content = await routeContent(context.api, request, params.lang, GAMES_CONTENT);
  // Only what the tabs and the cards render goes to the page (card.ts).
  return {
    collection: toCollectionLink(collection),
    collections: collections.map(toCollectionLink),
    first: toCardPage(first),
    sort,
    country,
    content,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta(rootOf(matches, location), { title: loaderData?.collection.name });

export default function Category({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { isLoggedIn } = useSession();
  const [params] = useSearchParams();
  const { collection, collections, first, country } = loaderData;
  const sort = parseSort(params.get('sort'), isLoggedIn);
  const list = useGameList({ collectionId: collection.id, country, sort }, sort === loaderData.sort ? first : null);
  return (
    <div className="page">
      <PageHeader title={collection.name}>
        <SortSelect value={sort} />
      </PageHeader>
      <CategoryTabs collections={collections} current={collection.identity} />
      <GameListGrid list={list} emptyText={t('global-components.empty.games')} label={collection.name} />
    </div>
  );
}
