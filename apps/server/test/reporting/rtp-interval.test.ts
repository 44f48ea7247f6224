import { describe, expect, it } from 'vitest';
import { rtpInterval, Z95 } from '../../src/modules/reporting/rtp-interval.ts';

const coin = { rtp: 0.99, variance: 0.9999 }; // pays 2× with p = 0.495: mean 0.99, variance 4p − 0.99²

/** A small seeded generator (xorshift32): the coverage test must not flake. */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

describe('rtpInterval', () => {
  it('answers nulls and outside false before any stake', () => {
    expect(rtpInterval(coin, { rounds: 0, stakes: 0n, stakeSquares: 0n, payouts: 0n })).toEqual({
      rtp: null,
      theoreticalRtp: 99,
      rtpLow: null,
      rtpHigh: null,
      outside: false,
    });
  });

  it('answers the actual RTP alone for a game without theory', () => {
    expect(rtpInterval(null, { rounds: 2, stakes: 200n, stakeSquares: 20_000n, payouts: 150n })).toEqual({
      rtp: 75,
      theoreticalRtp: null,
      rtpLow: null,
      rtpHigh: null,
      outside: false,
    });
  });

  it('is theory ± 1.96 σ/√N with equal stakes, in percent', () => {
    const n = 10_000;
    const f = rtpInterval(
      { rtp: 0.99, variance: 1 },
      { rounds: n, stakes: BigInt(n * 100), stakeSquares: BigInt(n * 100 * 100), payouts: BigInt(n * 99) },
    );
    const half = (Z95 / Math.sqrt(n)) * 100;
    expect(f.rtp).toBe(99);
    expect(f.theoreticalRtp).toBe(99);
    expect(f.rtpLow).toBeCloseTo(99 - half, 4);
    expect(f.rtpHigh).toBeCloseTo(99 + half, 4);
    expect(f.outside).toBe(false);
  });

  it('widens with unequal stakes: one large stake weighs more than its count', () => {
    const equal = rtpInterval(coin, { rounds: 2, stakes: 200n, stakeSquares: 20_000n, payouts: 198n });
    const unequal = rtpInterval(coin, { rounds: 2, stakes: 200n, stakeSquares: 190n ** 2n + 10n ** 2n, payouts: 198n });
    expect(unequal.rtpHigh! - unequal.rtpLow!).toBeGreaterThan(equal.rtpHigh! - equal.rtpLow!);
  });

  it('flags an RTP outside the interval, on either side', () => {
    const n = 1_000_000;
    const played = (payouts: number) => ({
      rounds: n,
      stakes: BigInt(n),
      stakeSquares: BigInt(n),
      payouts: BigInt(payouts),
    });
    // half-width: 1.96 · 1 / 1000 = 0.196 % around 99 %
    expect(rtpInterval({ rtp: 0.99, variance: 1 }, played(992_500)).outside).toBe(true);
    expect(rtpInterval({ rtp: 0.99, variance: 1 }, played(987_500)).outside).toBe(true);
    expect(rtpInterval({ rtp: 0.99, variance: 1 }, played(991_500)).outside).toBe(false);
  });

  it('reads Σ stake² as the decimal string a numeric sum answers', () => {
    const a = rtpInterval(coin, { rounds: 4, stakes: 40n, stakeSquares: '400', payouts: 40n });
    const b = rtpInterval(coin, { rounds: 4, stakes: 40n, stakeSquares: '400.000', payouts: 40n });
    const c = rtpInterval(coin, { rounds: 4, stakes: 40n, stakeSquares: 400n, payouts: 40n });
    expect(a).toEqual(c);
    expect(b).toEqual(c);
  });

  it('falls back to σ/√N without Σ stake², and never goes below 0', () => {
    const f = rtpInterval({ rtp: 0.99, variance: 100 }, { rounds: 4, stakes: 40n, stakeSquares: 0n, payouts: 0n });
    expect(f.rtpLow).toBe(0);
    expect(f.rtpHigh).toBeCloseTo(99 + Z95 * 5 * 100, 3);
  });

  it('spans a choice-dependent RTP range', () => {
    const n = 1_000_000;
    const played = { rounds: n, stakes: BigInt(n), stakeSquares: BigInt(n), payouts: 989_000n };
    const f = rtpInterval({ rtp: 0.99, variance: 1, rtpRange: [0.98, 0.99] }, played);
    expect(f.theoreticalRtp).toBe(99);
    expect(f.rtpLow).toBeCloseTo(98 - 0.196, 3);
    expect(f.rtpHigh).toBeCloseTo(99 + 0.196, 3);
  });

  it('covers the true RTP 95 % of the time with unequal stakes, where σ/√N does not', () => {
    // 2 000 ranges of 400 rounds each, stakes 1, 10 or 1 000 (a few whales), each round pays 2× with p = 0.495.
    const next = rng(20_240_601);
    const ranges = 2_000;
    let inside = 0;
    let naiveInside = 0;
    for (let r = 0; r < ranges; r += 1) {
      let stakes = 0n;
      let squares = 0n;
      let payouts = 0n;
      for (let i = 0; i < 400; i += 1) {
        const u = next();
        const s = u < 0.01 ? 1_000n : u < 0.3 ? 10n : 1n;
        stakes += s;
        squares += s * s;
        if (next() < 0.495) payouts += 2n * s;
      }
      const f = rtpInterval(coin, { rounds: 400, stakes, stakeSquares: squares, payouts });
      if (!f.outside) inside += 1;
      const naive = Z95 * Math.sqrt(coin.variance / 400) * 100;
      if (Math.abs(f.rtp! - 99) <= naive) naiveInside += 1;
    }
    expect(inside / ranges).toBeGreaterThan(0.93);
    expect(inside / ranges).toBeLessThan(0.97);
    expect(naiveInside / ranges).toBeLessThan(0.8);
  });
});
