import { GameInputError } from '../errors.ts';
import type { Rng } from '../fairness/stream.ts';
import { assertBet, BP, type Multiplier, multiplier, pay } from '../money.ts';

/**
 * Plinko (picked over crash: per-player rounds fit the per-player seed pair; crash needs one shared
 * round stream for all players, which the studio can add later). The ball meets `rows` pegs; each peg
 * sends it right with probability 1/2. The bucket is the number of rights (0..rows).
 */
export type PlinkoRows = 8 | 12 | 16;

export interface PlinkoConfig {
  /** Bucket multipliers in basis points, symmetric, rows + 1 entries. */
  readonly paytable: Readonly<Record<PlinkoRows, readonly number[]>>;
}

const half = (...m: number[]) => [...m, ...m.slice(0, -1).reverse()];

export const PLINKO_DEFAULT: PlinkoConfig = {
  paytable: {
    8: half(130_000, 30_000, 13_000, 7_000, 4_000),
    12: half(330_000, 110_000, 40_000, 20_000, 11_000, 6_000, 3_000),
    16: half(1_100_000, 410_000, 100_000, 50_000, 30_000, 15_000, 10_000, 5_000, 3_000),
  },
};

export interface PlinkoChoice {
  readonly rows: PlinkoRows;
}

export interface PlinkoOutcome {
  /** Direction at each peg, true = right. */
  readonly path: readonly boolean[];
  readonly bucket: number;
  readonly multiplier: Multiplier;
  readonly payout: bigint;
}

export function playPlinko(config: PlinkoConfig, bet: bigint, choice: PlinkoChoice, rng: Rng): PlinkoOutcome {
  assertBet(bet);
  const rows = choice?.rows;
  const table = config.paytable[rows];
  if (!table) throw new GameInputError('invalid_choice', 'rows', 'Choose 8, 12 or 16 rows.');
  // One uint32 per drop: bit i (from the least significant) is peg row i. Each bit is uniform and
  // independent, so no rejection is needed.
  const bits = rng.nextUint32();
  const path: boolean[] = [];
  let bucket = 0;
  for (let i = 0; i < rows; i += 1) {
    const right = ((bits >>> i) & 1) === 1;
    path.push(right);
    if (right) bucket += 1;
  }
  const m = multiplier(BigInt(table[bucket] as number), BP);
  return { path, bucket, multiplier: m, payout: pay(bet, m) };
}
