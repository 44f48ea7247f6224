import { describe, expect, it } from 'vitest';
import { GameInputError } from '../src/errors.ts';
import { PLINKO_DEFAULT, playPlinko } from '../src/plinko/index.ts';
import { ScriptRng } from './script-rng.ts';

describe('plinko', () => {
  it('has symmetric paytables of rows + 1 buckets', () => {
    for (const rows of [8, 12, 16] as const) {
      const t = PLINKO_DEFAULT.paytable[rows];
      expect(t).toHaveLength(rows + 1);
      expect([...t].reverse()).toEqual(t);
    }
  });

  it('the bucket is the number of right turns, one bit per row', () => {
    const out = playPlinko(PLINKO_DEFAULT, 1_000n, { rows: 8 }, new ScriptRng([0b1111_1111_0000_0101]));
    expect(out.path).toEqual([true, false, true, false, false, false, false, false]);
    expect(out.bucket).toBe(2);
    expect(out.payout).toBe(1_300n);
    expect(playPlinko(PLINKO_DEFAULT, 10n, { rows: 16 }, new ScriptRng([0xffff])).payout).toBe(1_100n);
    expect(playPlinko(PLINKO_DEFAULT, 10n, { rows: 16 }, new ScriptRng([0x00ff])).payout).toBe(3n);
  });

  it('refuses other row counts', () => {
    expect(() => playPlinko(PLINKO_DEFAULT, 10n, { rows: 10 as 8 }, new ScriptRng([0]))).toThrow(GameInputError);
  });
});
