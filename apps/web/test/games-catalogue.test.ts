import { type Collection, ErrorCode, encodeQuery, type Provider } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import { pickThumbnail, withBase } from '../app/features/games/images.ts';
import { gameStartBody, initialMode } from '../app/features/games/play.ts';
import {
  appendPage,
  categoriesRedirect,
  GRID_PAGE_SIZE,
  gamesQuery,
  parseSort,
  playErrorReaction,
  sortOptions,
  visibleCollections,
  visibleProviders,
} from '../app/features/games/query.ts';
import { parseReturnGame, RETURN_GAME_TTL_MS } from '../app/features/games/return-game.ts';
import { betsQuery, isCombo, shortId, spinsQuery } from '../app/features/history/game-history-query.ts';

const CDN = { cdnBaseUrl: 'https://cdn.example.com/', gameHubCdnBaseUrl: 'https://hub.example.com' };
const set = (base: string, densities: string[]) =>
  Object.fromEntries(densities.map((d) => [d, `${base}/200x300@${d}.png`])) as { '1x': string };

describe('game thumbnails (spec §3, api-contract §9)', () => {
  it('prefers customImages on the customer CDN, best density first, all densities in srcset', () => {
    const thumb = pickThumbnail(
      {
        customImages: { '200x300': set('/custom/dice', ['1x', '2x', '3x']) },
        images: { '200x300': set('/assets/games/dice', ['1x', '2x', '3x']) },
      },
      '200x300',
      CDN,
    );
    expect(thumb?.src).toBe('https://cdn.example.com/custom/dice/200x300@3x.png');
    expect(thumb?.srcSet).toBe(
      'https://cdn.example.com/custom/dice/200x300@1x.png 1x, https://cdn.example.com/custom/dice/200x300@2x.png 2x, https://cdn.example.com/custom/dice/200x300@3x.png 3x',
    );
    expect([thumb?.width, thumb?.height]).toEqual([200, 300]);
  });

  it('falls back to images on the game-hub CDN when the custom set lacks the size', () => {
    const thumb = pickThumbnail(
      {
        customImages: { '200x200': set('/c', ['1x']) },
        images: { '200x300': set('/assets/games/mines', ['1x', '2x']) },
      },
      '200x300',
      CDN,
    );
    expect(thumb?.src).toBe('https://hub.example.com/assets/games/mines/200x300@2x.png');
  });

  it('takes 2x, then 1x, when 3x is missing; a single density has no srcset', () => {
    const only1x = pickThumbnail({ images: { '200x300': set('/a', ['1x']) }, customImages: {} }, '200x300', CDN);
    expect(only1x?.src).toBe('https://hub.example.com/a/200x300@1x.png');
    expect(only1x?.srcSet).toBe('');
  });

  it('keeps same-origin paths when no CDN is configured, and absolute URLs as they are', () => {
    const empty = { cdnBaseUrl: '', gameHubCdnBaseUrl: '' };
    const thumb = pickThumbnail(
      { images: { '200x200': { '1x': '/assets/games/plinko/200x200@1x.png' } }, customImages: {} },
      '200x200',
      empty,
    );
    expect(thumb?.src).toBe('/assets/games/plinko/200x200@1x.png');
    expect(thumb?.height).toBe(200);
    expect(withBase('https://cdn.example.com', 'https://other.example.com/x.png')).toBe(
      'https://other.example.com/x.png',
    );
    expect(withBase('https://cdn.example.com///', '//img/x.png')).toBe('//img/x.png');
    expect(withBase('https://cdn.example.com/', 'x.png')).toBe('https://cdn.example.com/x.png');
  });

  it('answers null when neither set has the size (the card then shows the name)', () => {
    expect(pickThumbnail({ images: {}, customImages: {} }, '200x300', CDN)).toBeNull();
    expect(pickThumbnail({ images: { '200x300': { '1x': '' } }, customImages: {} }, '200x300', CDN)).toBeNull();
  });
});

const collection = (identity: string, extra: Partial<Collection> = {}): Collection => ({
  id: `id-${identity}`,
  identity,
  name: identity,
  countries: [],
  isHidden: false,
  ...extra,
});

describe('categories redirect (spec §2)', () => {
  it('goes to the first collection keeping the query string', () => {
    const list = [collection('slots'), collection('table')];
    expect(categoriesRedirect(list, '?sort=name&sign-in=true')).toBe('/categories/slots?sort=name&sign-in=true');
    expect(categoriesRedirect(list, '')).toBe('/categories/slots');
    expect(categoriesRedirect(list, '?')).toBe('/categories/slots');
  });

  it('has nowhere to go without collections', () => {
    expect(categoriesRedirect([], '?a=1')).toBeNull();
  });

  it('encodes the identity', () => {
    expect(categoriesRedirect([collection('live & table')], '')).toBe('/categories/live%20%26%20table');
  });
});

describe('visible collections and providers', () => {
  it('hides hidden collections and those for other countries; an empty list means everywhere', () => {
    const list = [
      collection('all'),
      collection('hidden', { isHidden: true }),
      collection('de-only', { countries: ['DE'] }),
      collection('mt-de', { countries: ['MT', 'DE'] }),
    ];
    expect(visibleCollections(list, 'DE').map((c) => c.identity)).toEqual(['all', 'de-only', 'mt-de']);
    expect(visibleCollections(list, 'FR').map((c) => c.identity)).toEqual(['all']);
    expect(visibleCollections(list, null).map((c) => c.identity)).toEqual(['all']);
  });

  it('hides providers without enabled games', () => {
    const provider = (identity: string, gameEnabledCount: number): Provider => ({
      id: identity,
      identity,
      name: identity,
      gameEnabledCount,
      images: {},
      customImages: {},
    });
    expect(visibleProviders([provider('a', 0), provider('b', 6)]).map((p) => p.identity)).toEqual(['b']);
  });
});

describe('play refusals → reactions (api-contract §1.4)', () => {
  it('maps every limit code to the limit modal', () => {
    for (const code of [
      ErrorCode.gameLimitReached,
      ErrorCode.gameLossLimitReached,
      ErrorCode.gameSessionLimitReached,
    ]) {
      expect(playErrorReaction(code)).toEqual({ kind: 'limit-reached' });
    }
    expect([14100, 14101, 14105].map((c) => playErrorReaction(c).kind)).toEqual([
      'limit-reached',
      'limit-reached',
      'limit-reached',
    ]);
  });

  it('maps 14103, 14306 and 14308, and everything else to not found', () => {
    expect(playErrorReaction(14103).kind).toBe('real-limited');
    expect(playErrorReaction(14306).kind).toBe('restricted-bets');
    expect(playErrorReaction(14308).kind).toBe('geo-restricted');
    expect(playErrorReaction(404).kind).toBe('not-found');
    expect(playErrorReaction(ErrorCode.internal).kind).toBe('not-found');
    expect(playErrorReaction(undefined).kind).toBe('not-found');
  });
});

describe('games query (api-contract §9, §1.1)', () => {
  it('sends one collection as a scalar, the country as a list, and page defaults', () => {
    const query = gamesQuery({ collectionId: 'c1', country: 'DE' });
    expect(query).toMatchObject({ page: 1, perPage: GRID_PAGE_SIZE, collectionId: 'c1', countries: ['DE'] });
    expect(encodeQuery(query)).toBe(
      '?page=1&perPage=24&collectionId=c1&countries%5B%5D=DE&sortBy=default&sortOrder=asc',
    );
  });

  it('searches only from 2 characters, trimmed', () => {
    expect(gamesQuery({ name: ' d ' }).name).toBeUndefined();
    expect(gamesQuery({ name: ' di ' }).name).toBe('di');
  });

  it('sorts names ascending and popularity descending; providers go as a list', () => {
    expect(gamesQuery({ sort: 'name' })).toMatchObject({ sortBy: 'name', sortOrder: 'asc' });
    expect(gamesQuery({ sort: 'score' })).toMatchObject({ sortBy: 'score', sortOrder: 'desc' });
    expect(gamesQuery({ providerId: 'p1' }).providerId).toEqual(['p1']);
  });

  it('leaves out an empty collection and a malformed country', () => {
    const query = gamesQuery({ collectionId: '', country: 'xx' });
    expect(query.collectionId).toBeUndefined();
    expect(query.countries).toBeUndefined();
  });

  it('offers score only to players and falls back to the default sort', () => {
    expect(sortOptions(false)).not.toContain('score');
    expect(sortOptions(true)).toContain('score');
    expect(parseSort('score', false)).toBe('default');
    expect(parseSort('score', true)).toBe('score');
    expect(parseSort('name', false)).toBe('name');
    expect(parseSort('bogus', true)).toBe('default');
    expect(parseSort(null, true)).toBe('default');
  });

  it('appends a page without repeating games already shown', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    const c = { id: 'c' };
    expect(appendPage([a, b], [b, c])).toEqual([a, b, c]);
  });
});

describe('game start (api-contract §9 GameStart)', () => {
  const base = {
    accountId: 'acc-1',
    lobbyUrl: 'https://site/main',
    locale: 'de',
    profileCountry: null,
    geoCountry: 'DE',
    platform: 2 as const,
  };

  it('sends the active account for real play and none in demo', () => {
    expect(gameStartBody({ ...base, mode: 'real' })).toEqual({
      demoMode: false,
      accountId: 'acc-1',
      lobbyUrl: 'https://site/main',
      locale: 'de',
      countryCode: 'DE',
      platform: 2,
    });
    expect(gameStartBody({ ...base, mode: 'demo' })).not.toHaveProperty('accountId');
    expect(gameStartBody({ ...base, mode: 'demo' }).demoMode).toBe(true);
  });

  it('takes the country from the profile, then geo, then UA', () => {
    expect(gameStartBody({ ...base, mode: 'demo', profileCountry: 'MT' }).countryCode).toBe('MT');
    expect(gameStartBody({ ...base, mode: 'demo', geoCountry: null }).countryCode).toBe('UA');
  });

  it('starts players for real, guests in demo, and guests without a demo nowhere', () => {
    expect(initialMode({ isDemoMode: true }, true, null)).toBe('real');
    expect(initialMode({ isDemoMode: true }, true, 'demo')).toBe('demo');
    expect(initialMode({ isDemoMode: true }, false, null)).toBe('demo');
    expect(initialMode({ isDemoMode: false }, false, 'demo')).toBeNull();
    expect(initialMode({ isDemoMode: false }, true, 'demo')).toBe('real');
  });
});

describe('return game after sign-in', () => {
  const now = 1_000_000_000;
  const stored = (path: string, at = now) => JSON.stringify({ path, at });

  it('returns to a recent game page of this site, with or without a locale prefix', () => {
    expect(parseReturnGame(stored('/games/dice'), now)).toBe('/games/dice');
    expect(parseReturnGame(stored('/de/games/european-roulette'), now)).toBe('/de/games/european-roulette');
    expect(parseReturnGame(stored('/pt-br/games/mines'), now)).toBe('/pt-br/games/mines');
  });

  it('ignores other pages, foreign addresses, stale or malformed values', () => {
    expect(parseReturnGame(stored('/profile/wallet'), now)).toBeNull();
    expect(parseReturnGame(stored('https://evil.example/games/x'), now)).toBeNull();
    expect(parseReturnGame(stored('//evil.example/games/x'), now)).toBeNull();
    expect(parseReturnGame(stored('/games/dice', now - RETURN_GAME_TTL_MS - 1), now)).toBeNull();
    expect(parseReturnGame('{not json', now)).toBeNull();
    expect(parseReturnGame(null, now)).toBeNull();
  });
});

describe('bets and spins history queries', () => {
  it('asks for settled bets by default and open ones on request', () => {
    expect(betsQuery(1)).toEqual({ page: 1, perPage: 10, isSettled: 'true' });
    expect(betsQuery(3, false)).toEqual({ page: 3, perPage: 10, isSettled: 'false' });
    expect(encodeQuery(betsQuery(2, false))).toBe('?page=2&perPage=10&isSettled=false');
    expect(spinsQuery(2)).toEqual({ page: 2, perPage: 10 });
  });

  it('shortens long round ids and spots combos', () => {
    expect(shortId('0123456789abcdef')).toBe('0123456789…');
    expect(shortId('short')).toBe('short');
    expect(isCombo({ items: [1, 2] })).toBe(true);
    expect(isCombo({ items: [] })).toBe(false);
  });
});
