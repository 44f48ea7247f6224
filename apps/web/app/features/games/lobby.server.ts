import type { ApiClient, Collection, Game, Provider, Winner } from '@croupier/contracts';
import { playerInitOf } from '../../lib/player-init.server.ts';
import { gamesQuery, ROW_SIZE, visibleCollections, visibleProviders, WINNERS_SIZE } from './query.ts';

/** At most this many collection rows on the home and lobby pages. */
export const MAX_ROWS = 8;

export interface LobbyRow {
  collection: Collection;
  games: Game[];
  total: number;
}

/** Collections for the visitor's country; a failure yields an empty list (spec §8). */
export async function loadCollections(api: ApiClient, country: string | null): Promise<Collection[]> {
  try {
    return visibleCollections((await api.game.collections()).data, country);
  } catch {
    return [];
  }
}

/** Providers with enabled games; a failure yields an empty list (spec §8). */
export async function loadProviders(api: ApiClient): Promise<Provider[]> {
  try {
    return visibleProviders((await api.game.providers({ query: { sortBy: 'name', perPage: 100 } })).data);
  } catch {
    return [];
  }
}

/** The visitor's country as the API sees it (the geo headers are forwarded to every SSR call). */
export async function visitorCountry(api: ApiClient): Promise<string | null> {
  try {
    return (await playerInitOf(api)).country;
  } catch {
    return null;
  }
}

/**
 * Home and lobby: one carousel per collection (most popular first, as guests see them), and the latest
 * winners. Every part degrades to empty on its own, so one failing call never breaks the page.
 */
export async function loadLobby(api: ApiClient): Promise<{ rows: LobbyRow[]; winners: Winner[] }> {
  const country = await visitorCountry(api);
  const [collections, winners] = await Promise.all([
    loadCollections(api, country),
    api.game
      .winners({ query: { perPage: WINNERS_SIZE, ...(country ? { countryCode: country } : {}) } })
      .then((r) => r.data)
      .catch(() => [] as Winner[]),
  ]);
  const rows = await Promise.all(
    collections.slice(0, MAX_ROWS).map(async (collection) => {
      try {
        const answer = await api.game.games({
          query: gamesQuery({ collectionId: collection.id, country, sort: 'score', perPage: ROW_SIZE }),
        });
        return { collection, games: answer.data, total: answer.meta.totalRows };
      } catch {
        return { collection, games: [], total: 0 };
      }
    }),
  );
  return { rows: rows.filter((r) => r.games.length > 0), winners };
}
