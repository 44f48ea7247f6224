import { type Collection, ErrorCode, type Provider } from '@croupier/contracts';

/** Games per page of a category or provider grid, and per carousel row. */
export const GRID_PAGE_SIZE = 24;
export const ROW_SIZE = 12;
/** Recently played list length and winners strip length (api-contract §9). */
export const PLAYED_SIZE = 18;
export const WINNERS_SIZE = 12;
/** A name search needs at least 2 characters (api-contract §9). */
export const SEARCH_MIN = 2;

export const SORTS = ['default', 'name', 'score'] as const;
export type GameSort = (typeof SORTS)[number];

/** The sort menu: `score` (popularity) only for logged-in players (api-contract §9). */
export const sortOptions = (isLoggedIn: boolean): GameSort[] =>
  isLoggedIn ? ['default', 'score', 'name'] : ['default', 'name'];

/** A sort from the address, or the default one for anything unknown or not offered. */
export function parseSort(value: string | null, isLoggedIn: boolean): GameSort {
  return (sortOptions(isLoggedIn) as string[]).includes(value ?? '') ? (value as GameSort) : 'default';
}

export interface GamesFilter {
  collectionId?: string;
  providerId?: string;
  name?: string;
  country?: string | null;
  sort?: GameSort;
  page?: number;
  perPage?: number;
}

/**
 * The GET /api/game/games query: one collection as a scalar (api-contract §1.1), providers as a list,
 * the visitor's country, a search only from 2 characters, names A→Z and popularity highest first.
 */
export function gamesQuery(filter: GamesFilter) {
  const name = filter.name?.trim();
  const sort = filter.sort ?? 'default';
  return {
    page: filter.page ?? 1,
    perPage: filter.perPage ?? GRID_PAGE_SIZE,
    collectionId: filter.collectionId || undefined,
    providerId: filter.providerId ? [filter.providerId] : undefined,
    name: name && name.length >= SEARCH_MIN ? name : undefined,
    countries: filter.country && /^[A-Z]{2}$/.test(filter.country) ? [filter.country] : undefined,
    sortBy: sort,
    sortOrder: sort === 'score' ? ('desc' as const) : ('asc' as const),
  };
}

/** Collections the visitor sees: not hidden, and meant for everywhere or for the visitor's country. */
export const visibleCollections = (collections: readonly Collection[], country: string | null | undefined) =>
  collections.filter((c) => !c.isHidden && (c.countries.length === 0 || (!!country && c.countries.includes(country))));

/** Providers with at least one enabled game (api-contract §9). */
export const visibleProviders = (providers: readonly Provider[]) => providers.filter((p) => p.gameEnabledCount > 0);

/** /categories → the first collection, keeping the query string (spec §2); null when there is none. */
export function categoriesRedirect(collections: readonly Collection[], search: string): string | null {
  const first = collections[0];
  if (!first) return null;
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return `/categories/${encodeURIComponent(first.identity)}${query}`;
}

/** What the game page does when POST …/play is refused (api-contract §1.4, §9). */
export type PlayReaction =
  | { kind: 'limit-reached' }
  | { kind: 'real-limited' }
  | { kind: 'restricted-bets' }
  | { kind: 'geo-restricted' }
  | { kind: 'not-found' };

export function playErrorReaction(code: number | undefined): PlayReaction {
  switch (code) {
    case ErrorCode.gameLimitReached:
    case ErrorCode.gameLossLimitReached:
    case ErrorCode.gameSessionLimitReached:
      return { kind: 'limit-reached' };
    case ErrorCode.realPlayLimited:
      return { kind: 'real-limited' };
    case ErrorCode.betsRestricted:
      return { kind: 'restricted-bets' };
    case ErrorCode.gameGeoRestricted:
      return { kind: 'geo-restricted' };
    default:
      return { kind: 'not-found' };
  }
}

/** Mobile (1) or desktop (2) for the launch and the short lists: a coarse pointer on a narrow screen is mobile. */
export function detectPlatform(): 1 | 2 {
  if (typeof window === 'undefined' || !window.matchMedia) return 2;
  return window.matchMedia('(pointer: coarse) and (max-width: 900px)').matches ? 1 : 2;
}

/** Appends one page of a list to what is shown, dropping games already there (a list may shift while paging). */
export function appendPage<T extends { id: string }>(shown: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(shown.map((g) => g.id));
  return [...shown, ...next.filter((g) => !seen.has(g.id))];
}
