import { describe, expect, it } from 'vitest';
import { GameInputError } from '../src/errors.ts';
import { evaluate, lineWin, playCasinoFreeSpin, playSlot, SLOT_DEFAULT, SYMBOLS, windowAt } from '../src/slot/index.ts';
import { ScriptRng } from './script-rng.ts';

const C = SLOT_DEFAULT;
const s = (names: string) => names.split(' ').map((n) => SYMBOLS.indexOf(n as (typeof SYMBOLS)[number]));
// Every strip has its wild at 7 and its scatter at 3 (and only there).
const TRIGGER = [3, 3, 3, 0, 0];
const QUIET = [0, 0, 0, 0, 0];

describe('slot rules', () => {
  it('has 5 reels, 10 paylines and at most one scatter in view per reel', () => {
    expect(C.reels).toHaveLength(5);
    expect(C.lines.length).toBeGreaterThanOrEqual(10);
    for (const strip of C.reels) {
      const at = strip.flatMap((x, i) => (x === 1 ? [i] : []));
      for (let i = 0; i < at.length; i += 1) {
        const gap =
          ((at[(i + 1) % at.length] as number) - (at[i] as number) + strip.length) % strip.length || strip.length;
        expect(gap).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it.each([
    ['W W W H1 L1', 'H1', 4, 75],
    ['W W W W L4', 'W', 4, 250],
    ['W W W W W', 'W', 5, 1200],
    ['H1 W H1 L2 H1', 'H1', 3, 18],
    ['L4 L4 L4 L4 L4', 'L4', 5, 36],
    ['S H1 H1 H1 H1', 'W', 0, 0],
    ['W W S W W', 'W', 2, 0],
    ['L1 L1 L2 L1 L1', 'L1', 2, 0],
  ])('line %s pays %s ×%i = %i line bets', (line, sym, count, pay) => {
    const w = lineWin(C, s(line));
    expect(w.pay).toBe(pay);
    if (pay > 0) expect({ symbol: SYMBOLS[w.symbol], count: w.count }).toEqual({ symbol: sym, count });
  });

  it('wilds substitute on the middle line', () => {
    const e = evaluate(C, windowAt(C, [6, 6, 6, 6, 6]));
    expect(e.lineWins.find((w) => w.line === 0)).toEqual({ line: 0, symbol: 0, count: 5, pay: 1200 });
  });

  it('3 scatters anywhere pay the total bet and start 10 free spins at double value', () => {
    const out = playSlot(C, 1_000n, new ScriptRng([...TRIGGER, ...Array(10).fill(QUIET).flat()]));
    const quiet = evaluate(C, windowAt(C, QUIET));
    const first = out.spins[0];
    expect(first?.scatters).toBe(3);
    expect(first?.scatterPay).toBe(2);
    expect(out.freeSpinsAwarded).toBe(10);
    expect(out.spins).toHaveLength(11);
    expect(out.spins.slice(1).every((x) => x.free && x.win === BigInt(quiet.linePay) * 100n * 2n)).toBe(true);
    const expected = (first?.win ?? 0n) + 10n * BigInt(quiet.linePay) * 100n * 2n;
    expect(out.payout).toBe(expected);
    expect(first?.win).toBe(BigInt(evaluate(C, windowAt(C, TRIGGER)).linePay) * 100n + 2_000n);
  });

  it('free spins retrigger', () => {
    const script = [...TRIGGER, ...QUIET, ...TRIGGER, ...Array(18).fill(QUIET).flat()];
    const rng = new ScriptRng(script);
    const out = playSlot(C, 1_000n, rng);
    expect(out.freeSpinsAwarded).toBe(20);
    expect(out.spins).toHaveLength(21);
    expect(rng.left).toBe(0);
  });

  it('a casino free spin costs nothing and plays like a paid spin at its bet value', () => {
    const script = [...TRIGGER, ...Array(10).fill(QUIET).flat()];
    const paid = playSlot(C, 500n, new ScriptRng(script));
    const free = playCasinoFreeSpin(C, 500n, new ScriptRng(script));
    expect(free.stake).toBe(0n);
    expect(paid.stake).toBe(500n);
    expect(free.payout).toBe(paid.payout);
  });

  it('refuses a bet that does not split over the 10 lines', () => {
    expect(() => playSlot(C, 15n, new ScriptRng(QUIET))).toThrow(GameInputError);
    expect(() => playCasinoFreeSpin(C, 0n, new ScriptRng(QUIET))).toThrow(
      expect.objectContaining({ field: 'betValue' }),
    );
  });
});
