import type { ActivityBet } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import { BOARD_SIZE, betOf, multiplierOf, prepend, withHistory } from '../app/features/activity/board-rows.ts';

const images = { '200x200': { '1x': '/a.png' }, '200x300': { '1x': '/b.png' } };
const bet = (id: string, over: Partial<ActivityBet> = {}): ActivityBet => ({
  id,
  nickname: 'Ann',
  amount: 1,
  baseCurrencyAmount: 1,
  payout: 2.5,
  baseCurrencyPayout: 2.5,
  currency: 'EUR',
  gameId: 'dice',
  gameName: 'Dice',
  gameImages: images,
  gameCustomImages: images,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const publication = (b: ActivityBet) => ({ event: 'activity-board.updated', bet: b });

describe('activity board rows', () => {
  it('reads a publication’s row and ignores anything else', () => {
    expect(betOf(publication(bet('a')))).toEqual(bet('a'));
    expect(betOf({ event: 'activity-board.updated' })).toBeNull();
    expect(betOf({ bet: { id: 'x' } })).toBeNull();
    expect(betOf(null)).toBeNull();
    expect(betOf('text')).toBeNull();
  });

  it('prepends a live row, keeps 11, and moves a repeated row up instead of doubling it', () => {
    let rows: ActivityBet[] = [];
    for (let i = 0; i < 15; i++) rows = prepend(rows, bet(`r${i}`));
    expect(rows).toHaveLength(BOARD_SIZE);
    expect(rows[0]!.id).toBe('r14');
    expect(rows.at(-1)!.id).toBe('r4');
    rows = prepend(rows, bet('r10'));
    expect(rows.map((r) => r.id).filter((id) => id === 'r10')).toHaveLength(1);
    expect(rows[0]!.id).toBe('r10');
  });

  it('puts history under the rows that arrived live, without duplicates or bad rows', () => {
    const live = [bet('new'), bet('h1')];
    const history = [publication(bet('h1')), { junk: true }, publication(bet('h2')), publication(bet('h3'))];
    expect(withHistory(live, history).map((r) => r.id)).toEqual(['new', 'h1', 'h2', 'h3']);
    const many = Array.from({ length: 20 }, (_, i) => publication(bet(`h${i}`)));
    expect(withHistory([], many)).toHaveLength(BOARD_SIZE);
  });

  it('shows the payout as a multiple of the stake', () => {
    expect(multiplierOf(bet('a'))).toBe(2.5);
    expect(multiplierOf(bet('b', { amount: 0 }))).toBe(0);
  });
});
