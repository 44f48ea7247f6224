/**
 * The RTP monitor's arithmetic (backoffice-api.md §8, decision 0121): a game's actual RTP over a range and the
 * 95 % interval its theory allows for the stakes actually played. Pure; every figure it answers is a percent
 * (96.5 means 96.5 %), like the catalogue's `rtp`.
 */

/** What the game's math says (the studio's `houseGameTheory`). */
export interface RtpTheory {
  /** Return to player per unit staked, as a FRACTION (0.99, not 99): the math sheets' convention. */
  rtp: number;
  /**
   * Variance of one stake's payout per unit staked (the payout divided by the stake, squared deviations from
   * `rtp`). For a game whose variance depends on the player's choice, the largest over the allowed choices.
   */
  variance: number;
  /**
   * When the RTP itself depends on the player's choice (plinko's rows): the lowest and highest over the allowed
   * choices, fractions. The interval runs from the lowest's lower bound to the highest's upper bound.
   */
  rtpRange?: readonly [number, number];
}

/** A game's played figures over the range, in minor units (from the rollup `reporting.daily_games`). */
export interface RtpPlayed {
  rounds: number;
  /** Σ stake. */
  stakes: bigint;
  /** Σ stake², each stake (bet movement) squared; a decimal string as PostgreSQL's numeric sum answers it. */
  stakeSquares: bigint | string;
  /** Σ payout. */
  payouts: bigint;
}

export interface RtpFigures {
  /** Percent; null before any stake. */
  rtp: number | null;
  /** Percent; null when the game publishes no theory. */
  theoreticalRtp: number | null;
  /** The 95 % interval around `theoreticalRtp`, percent; null without a theory or without stakes. */
  rtpLow: number | null;
  rtpHigh: number | null;
  /** `rtp` outside [rtpLow, rtpHigh]; false whenever either is unknown. */
  outside: boolean;
}

/** Two-sided 95 % quantile of the normal distribution. */
export const Z95 = 1.959963984540054;

/** Percent with 4 decimals: finer than any figure a person reads, coarse enough to print cleanly. */
const percent = (fraction: number) => Math.round(fraction * 1_000_000) / 10_000;

const toBig = (v: bigint | string): bigint => {
  if (typeof v === 'bigint') return v;
  // numeric sums may come back as "123" or "123.000": the part before the point is the integer.
  const whole = v.trim().split('.')[0] ?? '';
  return /^-?\d+$/.test(whole) ? BigInt(whole) : 0n;
};

/**
 * Why this interval. A game's actual RTP over a range is the ratio estimator R = Σ payoutᵢ / Σ stakeᵢ. Write
 * payoutᵢ = stakeᵢ · Xᵢ where Xᵢ is the payout per unit staked: the game's math makes Xᵢ independent of the
 * stake's size (payouts are stake × multiplier, floored to a minor unit), with mean μ (the theoretical RTP) and
 * variance σ². The stakes are what players chose, so condition on them: E[R] = μ and
 *
 *     Var(R) = Σ stakeᵢ² · σ² / (Σ stakeᵢ)²,   so   SE(R) = σ · √(Σ stakeᵢ²) / Σ stakeᵢ.
 *
 * With equal stakes this is the familiar σ / √N; with unequal stakes it is wider, since a few large stakes
 * weigh more than many small ones (a single whale's lucky round moves the RTP far more than its count
 * suggests). N is in the thousands at least before the interval is narrow enough to matter, so the central
 * limit theorem makes R normal and the 95 % interval is μ ± 1.96 · SE. `rtpLow` never goes below 0: no game
 * pays negative amounts. Where the player's choice changes the variance, the theory gives the largest, so a
 * mix of choices only makes the interval wider than it needs to be, never too narrow; where it changes the RTP
 * (plinko's rows), the interval spans the lowest RTP's lower bound to the highest's upper bound.
 *
 * "One stake" is one bet movement, as the rollup counts them: a blackjack double or split is its own stake
 * (each equal to the initial bet), and blackjack's theory is given per unit of total stake accordingly.
 *
 * Σ stakeᵢ² up to 10^36 and more is far past a double's exact integers; the ratio √(Σs²)/Σs only needs a
 * double's 16 significant digits, which Number(bigint) keeps.
 *
 * Without Σ stake² (0 while stakes exist: rows written before the column), the equal-stakes σ/√N is used. It is
 * the narrowest the interval can be (Cauchy–Schwarz: Σs² ≥ (Σs)²/N), so it may flag a game falsely when stakes
 * varied; the column exists from the first event on, so this only covers old rows.
 */
export function rtpInterval(theory: RtpTheory | null, played: RtpPlayed): RtpFigures {
  const stakes = played.stakes;
  const hasStakes = played.rounds > 0 && stakes > 0n;
  const rtp = hasStakes ? Number(played.payouts) / Number(stakes) : null;
  if (!theory)
    return {
      rtp: rtp === null ? null : percent(rtp),
      theoreticalRtp: null,
      rtpLow: null,
      rtpHigh: null,
      outside: false,
    };
  const theoreticalRtp = percent(theory.rtp);
  if (rtp === null) return { rtp: null, theoreticalRtp, rtpLow: null, rtpHigh: null, outside: false };

  const squares = toBig(played.stakeSquares);
  const spread = squares > 0n ? Math.sqrt(Number(squares)) / Number(stakes) : 1 / Math.sqrt(played.rounds);
  const half = Z95 * Math.sqrt(Math.max(theory.variance, 0)) * spread;
  const [lowest, highest] = theory.rtpRange ?? [theory.rtp, theory.rtp];
  const low = Math.max(Math.min(lowest, theory.rtp) - half, 0);
  const high = Math.max(highest, theory.rtp) + half;
  return {
    rtp: percent(rtp),
    theoreticalRtp,
    rtpLow: percent(low),
    rtpHigh: percent(high),
    outside: rtp < low || rtp > high,
  };
}
