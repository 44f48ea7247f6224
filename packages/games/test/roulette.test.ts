import { describe, expect, it } from 'vitest';
import { GameInputError } from '../src/errors.ts';
import {
  coveredNumbers,
  LEGAL_GROUPS,
  playRoulette,
  ROULETTE_DEFAULT,
  type RouletteBet,
} from '../src/roulette/index.ts';
import { ScriptRng } from './script-rng.ts';

const spin = (n: number, bets: RouletteBet[]) => playRoulette(ROULETTE_DEFAULT, bets, new ScriptRng([n]));

describe('European roulette', () => {
  it('knows every legal inside group of the layout', () => {
    expect(LEGAL_GROUPS.straight.size).toBe(37);
    expect(LEGAL_GROUPS.split.size).toBe(60); // 24 across, 33 down, 0-1 0-2 0-3
    expect(LEGAL_GROUPS.street.size).toBe(14); // 12 rows + the trios 0-1-2, 0-2-3
    expect(LEGAL_GROUPS.corner.size).toBe(23); // 22 + first four 0-1-2-3
    expect(LEGAL_GROUPS.sixLine.size).toBe(11);
  });

  it.each([
    [{ kind: 'straight', numbers: [17], amount: 10n }, 17, 360n],
    [{ kind: 'split', numbers: [17, 20], amount: 10n }, 20, 180n],
    [{ kind: 'street', numbers: [16, 17, 18], amount: 10n }, 18, 120n],
    [{ kind: 'corner', numbers: [17, 18, 20, 21], amount: 10n }, 21, 90n],
    [{ kind: 'sixLine', numbers: [16, 17, 18, 19, 20, 21], amount: 10n }, 16, 60n],
    [{ kind: 'column', index: 2, amount: 10n }, 17, 30n],
    [{ kind: 'dozen', index: 2, amount: 10n }, 17, 30n],
    [{ kind: 'black', amount: 10n }, 17, 20n],
    [{ kind: 'odd', amount: 10n }, 17, 20n],
    [{ kind: 'low', amount: 10n }, 17, 20n],
    [{ kind: 'red', amount: 10n }, 17, 0n],
    [{ kind: 'high', amount: 10n }, 17, 0n],
    [{ kind: 'even', amount: 10n }, 0, 0n],
  ] as [RouletteBet, number, bigint][])('%o on %i returns %s', (bet, n, payout) => {
    const out = spin(n, [bet]);
    expect(out.number).toBe(n);
    expect(out.payout).toBe(payout);
    expect(out.stake).toBe(10n);
  });

  it('settles several bets in one spin', () => {
    const out = spin(0, [
      { kind: 'straight', numbers: [0], amount: 5n },
      { kind: 'corner', numbers: [0, 1, 2, 3], amount: 5n },
      { kind: 'red', amount: 20n },
    ]);
    expect(out.stake).toBe(30n);
    expect(out.payout).toBe(180n + 45n);
    expect(out.bets.map((b) => b.win)).toEqual([true, true, false]);
  });

  it.each([
    [{ kind: 'split', numbers: [3, 4], amount: 1n }, 'bets.0.numbers'],
    [{ kind: 'split', numbers: [1, 5], amount: 1n }, 'bets.0.numbers'],
    [{ kind: 'street', numbers: [2, 3, 4], amount: 1n }, 'bets.0.numbers'],
    [{ kind: 'corner', numbers: [3, 4, 6, 7], amount: 1n }, 'bets.0.numbers'],
    [{ kind: 'sixLine', numbers: [2, 3, 4, 5, 6, 7], amount: 1n }, 'bets.0.numbers'],
    [{ kind: 'straight', numbers: [37], amount: 1n }, 'bets.0.numbers'],
    [{ kind: 'straight', numbers: [1.5], amount: 1n }, 'bets.0.numbers'],
    [{ kind: 'column', index: 4, amount: 1n }, 'bets.0.index'],
    [{ kind: 'straight', amount: 1n }, 'bets.0.numbers'],
    [{ kind: 'basket', amount: 1n }, 'bets.0.kind'],
    [{ kind: 'red', amount: 0n }, 'bets.0.amount'],
  ])('refuses %o', (bet, field) => {
    const call = () => spin(1, [bet as RouletteBet]);
    expect(call).toThrow(GameInputError);
    expect(call).toThrow(expect.objectContaining({ field }));
  });

  it('refuses an empty layout and draws nothing for refused bets', () => {
    const rng = new ScriptRng([5]);
    expect(() => playRoulette(ROULETTE_DEFAULT, [], rng)).toThrow(GameInputError);
    expect(rng.left).toBe(1);
    expect(coveredNumbers({ kind: 'column', index: 1, amount: 1n }, 'b')).toEqual([
      1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34,
    ]);
  });
});
