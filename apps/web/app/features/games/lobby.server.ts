import type { ApiClient, Collection, Provider } from '@croupier/contracts';
import { playerInitOf } from '../../lib/player-init.server.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import {
  type CollectionLink,
  type GameCardData,
  toCollectionLink,
  toGameCard,
  toWinnerCard,
  type WinnerCard,
} from './card.ts';
import { gamesQuery, ROW_SIZE, visibleCollections, visibleProviders, WINNERS_SIZE } from './query.ts';

/** At most this many collection rows on the home and lobby pages. */
export const MAX_ROWS = 8;

/** A carousel: what its head and its cards render, not the API's whole answers (card.ts). */
export interface LobbyRow {
  collection: CollectionLink;
  games: GameCardData[];
  total: number;
}

/**
 * Collections and providers are guest reads that SSR may keep for 2 minutes (api-contract §9, the API's
 * own `Cache-Control: public, max-age=120`): kept here per visitor country, so a page does not ask for
 * them on every request (issue 15, decision 0079). A failed read is not kept.
 */
export const CATALOGUE_TTL_MS = 120_000;
const catalogueCache = ttlCache<Collection[] | Provider[]>(CATALOGUE_TTL_MS, 300);

/** Collections for the visitor's country; a failure yields an empty list (spec §8). */
export async function loadCollections(api: ApiClient, country: string | null): Promise<Collection[]> {
  try {
    return (await catalogueCache(`collections|${country ?? ''}`, async () =>
      visibleCollections((await api.game.collections()).data, country),
    )) as Collection[];
  } catch {
    return [];
  }
}

/** Providers with enabled games; a failure yields an empty list (spec §8). */
export async function loadProviders(api: ApiClient): Promise<Provider[]> {
  try {
    return (await catalogueCache('providers', async () =>
      visibleProviders((await api.game.providers({ query: { sortBy: 'name', perPage: 100 } })).data),
    )) as Provider[];
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
export async function loadLobby(api: ApiClient): Promise<{ rows: LobbyRow[]; winners: WinnerCard[] }> {
  const country = await visitorCountry(api);
  const [collections, winners] = await Promise.all([
    loadCollections(api, country),
    api.game
      .winners({ query: { perPage: WINNERS_SIZE, ...(country ? { countryCode: country } : {}) } })
      .then((r) => r.data.map(toWinnerCard))
      .catch(() => [] as WinnerCard[]),
  ]);
  const rows = await Promise.all(
    collections.slice(0, MAX_ROWS).map(async (collection) => {
      try {
        const answer = await api.game.games({
          query: gamesQuery({ collectionId: collection.id, country, sort: 'score', perPage: ROW_SIZE }),
        });
        return {
          collection: toCollectionLink(collection),
          games: answer.data.map(toGameCard),
          total: answer.meta.totalRows,
        };
      } catch {
        return { collection: toCollectionLink(collection), games: [], total: 0 };
      }
    }),
  );
  return { rows: rows.filter((r) => r.games.length > 0), winners };
}
