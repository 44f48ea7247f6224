import type { ContentTree, Game, Winner } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import { toCardPage, toCollectionLink, toGameCard, toWinnerCard } from '../app/features/games/card.ts';
import { mergeContent, pickContent } from '../app/shared/i18n/content-tree.ts';
import { createTranslate } from '../app/shared/i18n/translate.ts';

const set = (name: string, size: string) => ({ '1x': `/assets/games/${name}/${size}@1x.png` });
const collection = { id: 'c1', identity: 'slots', name: 'Slots', countries: ['DE'], isHidden: false };
const game: Game = {
  id: 'g1',
  identity: 'neon-fruits',
  name: 'Neon Fruits',
  isDemoMode: true,
  paylines: 10,
  volatility: 'high',
  type: 'slots',
  platforms: [1, 2],
  screenHeightRatio: null,
  screenWidthRatio: null,
  images: { '200x200': set('neon-fruits', '200x200'), '200x300': set('neon-fruits', '200x300') },
  customImages: {},
  provider: { id: 'p1', identity: 'studio', name: 'Studio', gameEnabledCount: 6, images: {}, customImages: {} },
  collections: [collection],
  labels: [
    { id: 'l1', name: 'New', createdAt: '2026-01-01T00:00:00Z', updatedAt: null },
    { id: 'l2', name: 'Hot', createdAt: '2026-01-01T00:00:00Z', updatedAt: null },
    { id: 'l3', name: 'Top', createdAt: '2026-01-01T00:00:00Z', updatedAt: null },
  ],
  isBonusWagering: false,
  minimumBonusWagerMultiplier: 0,
  rtp: 96.5,
  description: 'A slot.',
  currencies: [],
};

describe('game cards in loader data (issue 15, decision 0079)', () => {
  it('keeps only what a card renders', () => {
    expect(toGameCard(game)).toEqual({
      id: 'g1',
      identity: 'neon-fruits',
      name: 'Neon Fruits',
      isDemoMode: true,
      images: { '200x300': set('neon-fruits', '200x300') },
      customImages: {},
      provider: { name: 'Studio' },
      labels: [
        { id: 'l1', name: 'New' },
        { id: 'l2', name: 'Hot' },
      ],
    });
  });

  it('projects a page keeping its pagination, and a failed page stays null', () => {
    const meta = { page: 1, perPage: 24, totalRows: 1, totalPages: 1 };
    expect(toCardPage({ data: [game], meta })).toEqual({ data: [toGameCard(game)], meta });
    expect(toCardPage(null)).toBeNull();
  });

  it('keeps a collection link and a winner entry', () => {
    expect(toCollectionLink(collection)).toEqual({ id: 'c1', identity: 'slots', name: 'Slots' });
    const winner: Winner = {
      nickname: 'ann',
      amount: 100,
      payout: 500,
      currency: 'EUR',
      gameId: 'neon-fruits',
      gameName: 'Neon Fruits',
      isDemoMode: false,
      gameImages: game.images,
      gameCustomImages: {},
    };
    expect(toWinnerCard(winner)).toEqual({
      nickname: 'ann',
      payout: 500,
      currency: 'EUR',
      gameId: 'neon-fruits',
      gameName: 'Neon Fruits',
      gameImages: { '200x200': set('neon-fruits', '200x200') },
      gameCustomImages: {},
    });
  });
});

describe('content work done once per cached tree, not per request (issue 15)', () => {
  const tree: ContentTree = { a: { x: 'X', y: 'Y {n}' }, b: { z: 'Z' } };

  it('answers the same pick for the same tree and paths, and a new one for other paths or trees', () => {
    const picked = pickContent(tree, ['a.x', 'b']);
    expect(picked).toEqual({ a: { x: 'X' }, b: { z: 'Z' } });
    expect(pickContent(tree, ['a.x', 'b'])).toBe(picked);
    expect(pickContent(tree, ['a.y'])).toEqual({ a: { y: 'Y {n}' } });
    expect(pickContent({ ...tree }, ['a.x', 'b'])).not.toBe(picked);
  });

  it('answers the same merge for the same trees, in order', () => {
    const one: ContentTree = { a: { x: '1' } };
    const two: ContentTree = { a: { x: '2', y: 'y' } };
    const merged = mergeContent([one, two]);
    expect(merged).toEqual({ a: { x: '2', y: 'y' } });
    expect(mergeContent([one, two])).toBe(merged);
    expect(mergeContent([two, one])).toEqual({ a: { x: '1', y: 'y' } });
    expect(mergeContent([one])).toEqual({ a: { x: '1' } });
    // The inputs are left as they were.
    expect(one).toEqual({ a: { x: '1' } });
    expect(two).toEqual({ a: { x: '2', y: 'y' } });
  });

  it('translates from a kept lookup with fresh parameters every call', () => {
    const t = createTranslate(tree);
    expect(t('a.y', { n: 1 })).toBe('Y 1');
    expect(createTranslate(tree)('a.y', { n: 2 })).toBe('Y 2');
    expect(t('a.missing')).toBe('a.missing');
    expect(t('a')).toBe('a');
  });
});
