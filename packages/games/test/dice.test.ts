import { describe, expect, it } from 'vitest';
import { DICE_DEFAULT, diceMultiplier, playDice } from '../src/dice/index.ts';
import { GameInputError } from '../src/errors.ts';
import { ScriptRng } from './script-rng.ts';

describe('dice', () => {
  it('rolls under: wins below the chance, pays (1 − edge) / chance exactly', () => {
    const choice = { chanceBp: 4_950, direction: 'under' } as const;
    expect(playDice(DICE_DEFAULT, 1_000n, choice, new ScriptRng([4_949]))).toMatchObject({
      win: true,
      payout: 2_000n,
      roll: 4_949,
    });
    expect(playDice(DICE_DEFAULT, 1_000n, choice, new ScriptRng([4_950])).payout).toBe(0n);
  });

  it('rolls over: wins from 10000 − chance up', () => {
    const choice = { chanceBp: 2_500, direction: 'over' } as const;
    expect(playDice(DICE_DEFAULT, 100n, choice, new ScriptRng([7_500])).payout).toBe(396n);
    expect(playDice(DICE_DEFAULT, 100n, choice, new ScriptRng([7_499])).payout).toBe(0n);
  });

  it('rounds a fractional payout down to the minor unit', () => {
    // 1 % chance → 99× ; 3 % → 33× ; 7 % → 9900/700 = 14.142857…×
    expect(diceMultiplier(DICE_DEFAULT, 700)).toEqual({ num: 9_900n, den: 700n });
    expect(playDice(DICE_DEFAULT, 7n, { chanceBp: 700, direction: 'under' }, new ScriptRng([0])).payout).toBe(99n);
    expect(playDice(DICE_DEFAULT, 10n, { chanceBp: 700, direction: 'under' }, new ScriptRng([0])).payout).toBe(141n);
  });

  it.each([
    [{ chanceBp: 99, direction: 'under' }, 'chanceBp'],
    [{ chanceBp: 9_501, direction: 'under' }, 'chanceBp'],
    [{ chanceBp: 50.5, direction: 'under' }, 'chanceBp'],
    [{ chanceBp: 5_000, direction: 'sideways' }, 'direction'],
  ])('refuses %o', (choice, field) => {
    const call = () => playDice(DICE_DEFAULT, 100n, choice as never, new ScriptRng([0]));
    expect(call).toThrow(GameInputError);
    expect(call).toThrow(expect.objectContaining({ field }));
  });

  it.each([0n, -5n, 10 as unknown as bigint])('refuses the bet %s', (bet) => {
    expect(() => playDice(DICE_DEFAULT, bet, { chanceBp: 5_000, direction: 'under' }, new ScriptRng([0]))).toThrow(
      expect.objectContaining({ code: 'invalid_bet' }),
    );
  });
});
