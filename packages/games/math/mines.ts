import { MINES_DEFAULT, TILES } from '../src/mines/index.ts';
import { type MathResult, Q, summary } from './rational.ts';

const choose = (n: number, k: number): bigint => {
  let r = 1n;
  for (let i = 0; i < k; i += 1) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};

/** Mines, strategy "open `reveals` tiles then cash out": P(survive) = C(25−m, k) / C(25, k). */
export function minesMath(mines = 3, reveals = 5, edgeBp = MINES_DEFAULT.edgeBp): MathResult {
  const survive = new Q(choose(TILES - mines, reveals), choose(TILES, reveals));
  const mult = new Q(10_000 - edgeBp, 10_000).div(survive);
  const rtp = survive.mul(mult);
  return {
    game: `mines (${mines} mines, cash out after ${reveals} safe tiles)`,
    rtp,
    variance: survive.mul(mult).mul(mult).sub(rtp.mul(rtp)),
    extra: { 'P(survive)': survive.toFixed(10), multiplier: mult.toFixed(10) },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [m, k] of [
    [1, 1],
    [3, 5],
    [10, 3],
    [24, 1],
  ] as const)
    console.log(summary(minesMath(m, k)));
}
