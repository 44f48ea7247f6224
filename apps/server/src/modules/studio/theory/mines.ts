import { mines } from '@croupier/games';
import type { GameTheory } from './types.ts';

/**
 * Mines (docs/games/mines.md), from the engine's multiplier. With m mines, cashing out after k safe tiles pays
 * (1 − edge) / P(k safe) with P(k safe) = C(25 − m, k) / C(25, k), so every strategy returns 1 − edge, and the
 * variance per unit staked of "cash out after k" is RTP · multiplier − RTP². A player's strategy (when to stop)
 * mixes these targets, whose variance is at most the largest target's: 12 (or 13) mines and every safe tile
 * opened, a 5 148 297× payout with probability 1 / 5 200 300 (variance ≈ 5.1·10⁶, SD ≈ 2 258).
 *
 * That bound is the only one no strategy can break, so the monitor uses it, and for mines the interval is wide
 * enough to say little at any realistic volume: a player who chases the top multiplier really can move the
 * game's RTP that much. A useful interval for mines needs each round's own variance (known from its stored
 * state when it settles), summed per game in the rollup; decision 0121 leaves that for later.
 */
export function minesTheory(config: mines.MinesConfig = mines.MINES_DEFAULT): GameTheory {
  const rtp = 1 - config.edgeBp / 10_000;
  let variance = 0;
  for (let m = 1; m < mines.TILES; m += 1) {
    for (let k = 1; k <= mines.TILES - m; k += 1) {
      const x = mines.minesMultiplier(config, m, k);
      variance = Math.max(variance, rtp * (Number(x.num) / Number(x.den)) - rtp * rtp);
    }
  }
  return { rtp, variance };
}
