import { describe, expect, it } from 'vitest';
import { GameInputError } from '../src/errors.ts';
import { cashOut, MINES_DEFAULT, minesMultiplier, revealTile, startMines } from '../src/mines/index.ts';
import { ScriptRng } from './script-rng.ts';

const C = MINES_DEFAULT;
// Fisher–Yates from the front: draw i picks index i + value. Values 0,0,0 put mines on tiles 0, 1, 2.
const threeMines = () => startMines(C, 1_000n, { mines: 3 }, new ScriptRng([0, 0, 0]));

describe('mines', () => {
  it('places mines from the shuffle and hides nothing else', () => {
    expect(threeMines().minePositions).toEqual([0, 1, 2]);
    expect(startMines(C, 1n, { mines: 2 }, new ScriptRng([24, 3])).minePositions).toEqual([24, 4]);
  });

  it('multiplier = 0.99 · C(25, k) / C(25 − m, k)', () => {
    expect(minesMultiplier(C, 1, 1)).toEqual({ num: 9_900n * 25n, den: 10_000n * 24n });
    // 3 mines, 2 safe: C(25,2)=300, C(22,2)=231
    expect(minesMultiplier(C, 3, 2)).toEqual({ num: 9_900n * 300n, den: 10_000n * 231n });
  });

  it('cashes out after safe reveals', () => {
    let s = threeMines();
    s = revealTile(C, s, 10);
    s = revealTile(C, s, 11);
    s = cashOut(C, s);
    expect(s.status).toBe('cashed');
    expect(s.payout).toBe((1_000n * 9_900n * 300n) / (10_000n * 231n)); // 1285
  });

  it('loses the bet on a mine', () => {
    const s = revealTile(C, revealTile(C, threeMines(), 7), 1);
    expect(s).toMatchObject({ status: 'lost', payout: 0n });
    expect(() => cashOut(C, s)).toThrow(expect.objectContaining({ code: 'round_finished' }));
  });

  it('pays by itself when every safe tile is open', () => {
    let s = startMines(C, 100n, { mines: 24 }, new ScriptRng(Array(24).fill(0)));
    expect(s.minePositions).toHaveLength(24);
    s = revealTile(C, s, 24);
    expect(s.status).toBe('cashed');
    expect(s.payout).toBe(2_475n); // 24.75×
  });

  it('refuses bad input', () => {
    const s = threeMines();
    expect(() => cashOut(C, s)).toThrow(GameInputError);
    expect(() => revealTile(C, s, 25)).toThrow(GameInputError);
    expect(() => revealTile(C, revealTile(C, s, 5), 5)).toThrow(expect.objectContaining({ code: 'invalid_action' }));
    for (const mines of [0, 25, 2.5])
      expect(() => startMines(C, 1n, { mines }, new ScriptRng([]))).toThrow(GameInputError);
  });
});
