import { PLINKO_DEFAULT, type PlinkoRows } from '../src/plinko/index.ts';
import { type MathResult, Q, summary } from './rational.ts';

/** Plinko: bucket k has probability C(rows, k) / 2^rows (rows independent fair bits). */
export function plinkoMath(rows: PlinkoRows = 16): MathResult {
  const table = PLINKO_DEFAULT.paytable[rows];
  let c = 1n;
  let e = new Q(0);
  let e2 = new Q(0);
  const all = 2n ** BigInt(rows);
  for (let k = 0; k <= rows; k += 1) {
    const p = new Q(c, all);
    const m = new Q(table[k] as number, 10_000);
    e = e.add(p.mul(m));
    e2 = e2.add(p.mul(m).mul(m));
    c = (c * BigInt(rows - k)) / BigInt(k + 1);
  }
  return { game: `plinko (${rows} rows)`, rtp: e, variance: e2.sub(e.mul(e)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const rows of [8, 12, 16] as const) console.log(summary(plinkoMath(rows)));
}
