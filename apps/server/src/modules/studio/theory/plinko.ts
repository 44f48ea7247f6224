import { BP, plinko } from '@croupier/games';
import type { GameTheory } from './types.ts';

const ROWS: plinko.PlinkoRows[] = [8, 12, 16];

/** Mean and variance per unit staked of one row count: bucket k has probability C(rows, k) / 2^rows. */
export function plinkoMoments(rows: plinko.PlinkoRows, config = plinko.PLINKO_DEFAULT) {
  const table = config.paytable[rows];
  let c = 1;
  let e = 0;
  let e2 = 0;
  for (let k = 0; k <= rows; k += 1) {
    const p = c / 2 ** rows;
    const m = (table[k] as number) / Number(BP);
    e += p * m;
    e2 += p * m * m;
    c = (c * (rows - k)) / (k + 1);
  }
  return { rtp: e, variance: e2 - e * e };
}

/**
 * Plinko (docs/games/plinko.md), enumerated from the engine's paytables. The player picks 8, 12 or 16 rows
 * (risk does not change the paytable yet). The RTP differs slightly by rows (98.906 %, 98.989 %, 98.988 %):
 * `rtp` is the sheet's 16-row figure, the catalogue's 98.99 %, and `rtpRange` spans all three so a mix of
 * rows never flags. The variance is the largest of the three (16 rows, SD 1.467241).
 */
export function plinkoTheory(config = plinko.PLINKO_DEFAULT): GameTheory {
  const all = ROWS.map((r) => plinkoMoments(r, config));
  const rtps = all.map((m) => m.rtp);
  return {
    rtp: plinkoMoments(16, config).rtp,
    variance: Math.max(...all.map((m) => m.variance)),
    rtpRange: [Math.min(...rtps), Math.max(...rtps)],
  };
}
