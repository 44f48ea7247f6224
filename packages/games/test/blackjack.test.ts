import { describe, expect, it } from 'vitest';
import {
  act,
  type BlackjackState,
  basicStrategy,
  BLACKJACK_DEFAULT as C,
  deal,
  legalActions,
} from '../src/blackjack/index.ts';
import { GameInputError } from '../src/errors.ts';
import { ScriptRng } from './script-rng.ts';

const RANKS = 'A 2 3 4 5 6 7 8 9 T J Q K'.split(' ');

/**
 * A shoe script: the cards in deal order (player, dealer up, player, dealer hole, then draws). Each card is
 * taken from a distinct position ≥ 52 that the lazy Fisher–Yates has not touched yet, so draw i of
 * position p needs the value p − i.
 */
function shoe(cards: string): ScriptRng {
  return new ScriptRng(
    cards.split(' ').map((c, i) => {
      if (i >= 20) throw new Error('test shoe too long');
      const position = 52 * (1 + (i % 5)) + 13 * Math.floor(i / 5) + RANKS.indexOf(c);
      return position - i;
    }),
  );
}

const play = (cards: string, bet = 100n) => {
  const rng = shoe(cards);
  return { rng, state: deal(C, bet, rng) };
};
const step = (s: BlackjackState, a: Parameters<typeof act>[2], rng: ScriptRng) => act(C, s, a, rng);
const shown = (cards: readonly number[]) => cards.map((c) => RANKS[c % 13]).join(' ');

describe('blackjack', () => {
  it('deals player, dealer, player, dealer', () => {
    const { state } = play('9 6 7 T');
    expect(shown(state.hands[0]?.cards ?? [])).toBe('9 7');
    expect(shown(state.dealer)).toBe('6 T');
    expect(state.phase).toBe('player');
    expect(legalActions(state)).toEqual(['hit', 'stand', 'double']);
  });

  it('pays a blackjack 3:2 at once', () => {
    const { state } = play('A 9 K 7');
    expect(state).toMatchObject({ phase: 'settled', payout: 250n, stake: 100n });
    expect(state.hands[0]?.result).toBe('blackjack');
  });

  it('dealer peeks: a dealer blackjack ends the round before any action; blackjack against it pushes', () => {
    expect(play('9 A 7 Q').state).toMatchObject({ phase: 'settled', payout: 0n });
    expect(play('A T K A').state).toMatchObject({ phase: 'settled', payout: 100n });
    expect(play('9 T 7 8').state.phase).toBe('player'); // ten up, no blackjack: play on
  });

  it('dealer stands on soft 17 and draws to hard 17', () => {
    const { rng, state } = play('T A 8 6');
    const s = step(state, 'stand', rng);
    expect(shown(s.dealer)).toBe('A 6');
    expect(s.hands[0]?.result).toBe('win');
    expect(s.payout).toBe(200n);
    const b = play('T T 7 6 5');
    const s2 = step(b.state, 'stand', b.rng);
    expect(shown(s2.dealer)).toBe('T 6 5');
    expect(s2.hands[0]?.result).toBe('lose');
  });

  it('a bust loses and the dealer does not draw', () => {
    const { rng, state } = play('T 6 6 T K');
    const s = step(state, 'hit', rng);
    expect(s.hands[0]?.result).toBe('bust');
    expect(shown(s.dealer)).toBe('6 T');
    expect(rng.left).toBe(0);
  });

  it('doubles on any two cards: one more card, twice the stake', () => {
    const { rng, state } = play('6 5 3 T 9 7');
    const s = step(state, 'double', rng);
    expect(s).toMatchObject({ phase: 'settled', stake: 200n });
    expect(shown(s.hands[0]?.cards ?? [])).toBe('6 3 9');
    expect(shown(s.dealer)).toBe('5 T 7'); // 15 draws 7: bust
    expect(s.hands[0]?.result).toBe('win');
    expect(s.payout).toBe(400n);
  });

  it('splits once (no re-split); 21 after a split is not a blackjack; double after split is allowed', () => {
    const { rng, state } = play('8 6 8 T 8 A');
    expect(legalActions(state)).toContain('split');
    let s = step(state, 'split', rng);
    expect(s.stake).toBe(200n);
    expect(s.hands.map((h) => shown(h.cards))).toEqual(['8 8', '8 A']);
    expect(legalActions(s)).toEqual(['hit', 'stand', 'double']);
    s = step(s, 'stand', rng);
    expect(s.active).toBe(1);
    const r2 = shoe('8 6 8 T 3 A K 9');
    let t = deal(C, 100n, r2);
    t = act(C, t, 'split', r2); // hands 8 3, 8 A
    t = act(C, t, 'double', r2); // 8 3 K = 21, stake 300
    t = act(C, t, 'stand', r2); // 8 A = 19; dealer 6 T 9 = 25 bust
    expect(t).toMatchObject({ phase: 'settled', stake: 300n, payout: 400n + 200n });
  });

  it('split aces get one card each', () => {
    const { rng, state } = play('A 9 A 7 K 5 8');
    const s = step(state, 'split', rng);
    expect(s.phase).toBe('settled'); // both hands done → dealer 9 7 draws 8 → 24
    expect(s.hands.map((h) => h.result)).toEqual(['win', 'win']);
    expect(s.payout).toBe(400n); // A K after a split is 21, paid 1:1
  });

  it('refuses illegal actions and actions after the round', () => {
    const { rng, state } = play('9 6 7 T 2 5');
    expect(() => step(state, 'split', rng)).toThrow(GameInputError);
    expect(() => step(state, 'surrender' as 'hit', rng)).toThrow(expect.objectContaining({ code: 'invalid_action' }));
    const hit = step(state, 'hit', rng);
    expect(() => step(hit, 'double', rng)).toThrow(GameInputError);
    const done = step(hit, 'stand', rng);
    expect(() => step(done, 'hit', rng)).toThrow(expect.objectContaining({ code: 'round_finished' }));
    expect(() => deal(C, 0n, rng)).toThrow(expect.objectContaining({ code: 'invalid_bet' }));
  });

  it('basic strategy: a few well-known cells', () => {
    const d = (total: number, soft: boolean, up: number, pair: number | null = null) =>
      basicStrategy({ total, soft, up, pair, canDouble: true });
    expect(d(11, false, 10)).toBe('double');
    expect(d(11, false, 1)).toBe('hit');
    expect(d(12, false, 3)).toBe('hit');
    expect(d(16, false, 10)).toBe('hit');
    expect(d(18, true, 9)).toBe('hit');
    expect(d(18, true, 4)).toBe('double');
    expect(d(16, false, 10, 8)).toBe('split');
    expect(d(20, false, 6, 10)).toBe('stand');
    expect(d(18, false, 7, 9)).toBe('stand');
    expect(basicStrategy({ total: 18, soft: true, up: 4, pair: null, canDouble: false })).toBe('stand');
  });
});
