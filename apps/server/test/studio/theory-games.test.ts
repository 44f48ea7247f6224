import { mines, plinko, roulette } from '@croupier/games';
import { describe, expect, it } from 'vitest';
import { THEORY } from '../../../../packages/games/math/theory.ts';
import { adapters } from '../../src/modules/studio/games/index.ts';
import { houseGameTheory } from '../../src/modules/studio/index.ts';
import { basicStrategyAction, Moments, playThrough, SEEDS, scripted } from './theory-helpers.ts';

// The RTP monitor's theory (decision 0121) against the studio's own game code: exhaustively where the outcomes
// can be listed (every roll, pocket, peg path through the adapter with a scripted stream), and by a seeded
// simulation of real rounds (the provably fair stream, nonce = round number) for every game. The seed is fixed,
// so nothing flakes; a paytable, multiplier or rule change that moves the math fails here until the theory
// follows it.

const theory = (id: string) => {
  const t = houseGameTheory(id);
  if (!t) throw new Error(`no theory for ${id}`);
  return t;
};
const BET = 1_000_000n; // large, so payouts rounded down to a minor unit change nothing visible (< 10⁻⁶)
const ratio = (p: { payout: bigint }, stake: bigint) => Number(p.payout) / Number(stake);

/** Simulated rounds: the mean within 4 standard errors of the theory, the variance within 4 of its own. */
function expectMatches(m: Moments, rtp: number, variance: number) {
  expect(Math.abs(m.mean - rtp)).toBeLessThan(4 * Math.sqrt(variance / m.n));
  expect(Math.abs(m.variance - variance)).toBeLessThan(4 * m.varianceSe);
}

function simulate(n: number, round: (nonce: number) => number): Moments {
  const m = new Moments();
  for (let nonce = 0; nonce < n; nonce += 1) m.add(round(nonce));
  return m;
}

describe('houseGameTheory', () => {
  it('knows the six studio games by catalogue identity, also with the provider prefix, and nothing else', () => {
    for (const id of ['neon-fruits', 'european-roulette', 'blackjack', 'dice', 'mines', 'plinko']) {
      expect(houseGameTheory(id), id).toEqual(expect.objectContaining({ rtp: expect.any(Number) }));
      expect(houseGameTheory(`croupier-studio-${id}`)).toBe(houseGameTheory(id));
    }
    for (const id of ['slot-1', 'acme-dice', 'croupier-studio-', '']) expect(houseGameTheory(id), id).toBeNull();
  });
});

describe('dice theory', () => {
  const t = theory('dice');
  it('is exact over every roll for every chance and side; the smallest chance has the largest variance', () => {
    expect(t.rtp).toBe(0.99);
    for (const chanceBp of [100, 101, 3_700, 4_950, 9_500]) {
      for (const over of [false, true]) {
        const m = new Moments();
        const choice = adapters.dice.parseChoice({ chanceBp, over }, BET);
        for (let roll = 0; roll < 10_000; roll += 1)
          m.add(ratio(adapters.dice.start(BET, choice, scripted(roll)), BET));
        expect(m.mean).toBeCloseTo(t.rtp, 6);
        expect(m.variance).toBeLessThanOrEqual(t.variance * (1 + 1e-9));
        if (chanceBp === 100) expect(m.variance / t.variance).toBeCloseTo(1, 6);
      }
    }
  });
  it('matches 60 000 real rounds at 1 %', () => {
    const m = simulate(60_000, (nonce) =>
      ratio(playThrough('dice', BET, { chanceBp: 100, over: nonce % 2 === 0 }, { ...SEEDS, nonce }), BET),
    );
    expectMatches(m, t.rtp, t.variance);
  });
});

describe('roulette theory', () => {
  const t = theory('european-roulette');
  const chips: Record<string, unknown>[] = [
    { kind: 'straight', numbers: [17] },
    { kind: 'split', numbers: [0, 2] },
    { kind: 'street', numbers: [31, 32, 33] },
    { kind: 'corner', numbers: [5, 6, 8, 9] },
    { kind: 'sixLine', numbers: [13, 14, 15, 16, 17, 18] },
    { kind: 'column', index: 2 },
    { kind: 'dozen', index: 3 },
    ...['red', 'black', 'even', 'odd', 'low', 'high'].map((kind) => ({ kind })),
  ];
  const exact = (bets: Record<string, unknown>[]) => {
    const stake = BigInt(bets.length) * BET;
    const choice = adapters['european-roulette'].parseChoice({ bets }, stake);
    const m = new Moments();
    for (let pocket = 0; pocket < 37; pocket += 1) {
      m.add(ratio(adapters['european-roulette'].start(stake, choice, scripted(pocket)), stake));
    }
    return m;
  };
  it('is exact over every pocket for every bet kind, and bounds any layout by the straight-up bet', () => {
    expect(Object.keys(roulette.ODDS).sort()).toEqual(chips.map((c) => c.kind).sort());
    expect(t.rtp).toBeCloseTo(36 / 37, 12);
    for (const chip of chips) {
      const m = exact([{ ...chip, amount: String(BET) }]);
      expect(m.mean).toBeCloseTo(36 / 37, 12);
      expect(m.variance).toBeLessThanOrEqual(t.variance * (1 + 1e-12));
    }
    expect(exact([{ ...chips[0], amount: String(BET) }]).variance / t.variance).toBeCloseTo(1, 12);
    const layout = exact(chips.map((c) => ({ ...c, amount: String(BET) })));
    expect(layout.variance).toBeLessThan(t.variance);
  });
  it('matches 60 000 real straight-up rounds', () => {
    const bets = [{ kind: 'straight', numbers: [17], amount: String(BET) }];
    const m = simulate(60_000, (nonce) =>
      ratio(playThrough('european-roulette', BET, { bets }, { ...SEEDS, nonce }), BET),
    );
    expectMatches(m, t.rtp, t.variance);
  });
});

describe('plinko theory', () => {
  const t = theory('plinko');
  it('is exact over every peg path for each row count; the range spans them, the variance is the largest', () => {
    const by = ([8, 12, 16] as const).map((rows) => {
      const choice = adapters.plinko.parseChoice({ rows }, BET);
      const m = new Moments();
      for (let bits = 0; bits < 2 ** rows; bits += 1)
        m.add(ratio(adapters.plinko.start(BET, choice, scripted(bits)), BET));
      return m;
    });
    expect(t.rtp).toBeCloseTo(by[2]!.mean, 12);
    expect(t.rtpRange![0]).toBeCloseTo(Math.min(...by.map((m) => m.mean)), 12);
    expect(t.rtpRange![1]).toBeCloseTo(Math.max(...by.map((m) => m.mean)), 12);
    expect(t.variance).toBeCloseTo(Math.max(...by.map((m) => m.variance)), 9);
    expect(plinko.PLINKO_DEFAULT.paytable[16]).toHaveLength(17);
  });
  it('matches 60 000 real rounds at 16 rows', () => {
    const m = simulate(60_000, (nonce) =>
      ratio(playThrough('plinko', BET, { rows: 16, risk: 'high' }, { ...SEEDS, nonce }), BET),
    );
    expectMatches(m, t.rtp, t.variance);
  });
});

describe('mines theory', () => {
  const t = theory('mines');
  const choose = (n: number, k: number) => {
    let r = 1;
    for (let i = 0; i < k; i += 1) r = (r * (n - i)) / (i + 1);
    return r;
  };
  it('takes the largest variance of any cash-out target: every safe tile of 12 mines', () => {
    expect(t.rtp).toBe(0.99);
    let worst = 0;
    for (let m = 1; m < 25; m += 1) {
      for (let k = 1; k <= 25 - m; k += 1) {
        const p = choose(25 - m, k) / choose(25, k); // P(k safe tiles in a row)
        worst = Math.max(worst, 0.99 ** 2 * (1 / p - 1));
      }
    }
    expect(t.variance / worst).toBeCloseTo(1, 9);
    expect(Math.sqrt(t.variance)).toBeCloseTo(2258, 0);
  });
  // "Open tiles 0, 1, … until `target` are safe, then cash out" (tile order does not change the odds).
  const strategy = (target: number) => (stored: unknown) => {
    const s = stored as mines.MinesState;
    return s.revealed.length < target ? { action: 'reveal', tile: s.revealed.length } : { action: 'cashout' };
  };
  for (const [count, target, n] of [
    [3, 5, 40_000],
    [24, 1, 20_000],
  ] as const) {
    it(`matches real rounds of ${count} mines cashed out after ${target}: RTP 99 %, variance RTP·multiplier − RTP²`, () => {
      const x = mines.minesMultiplier(mines.MINES_DEFAULT, count, target);
      const variance = 0.99 * (Number(x.num) / Number(x.den)) - 0.99 ** 2;
      const m = simulate(n, (nonce) =>
        ratio(playThrough('mines', BET, { mines: count }, { ...SEEDS, nonce }, strategy(target)), BET),
      );
      expectMatches(m, t.rtp, variance);
      expect(variance).toBeLessThan(t.variance);
    });
  }
});

describe('slot theory', () => {
  const t = theory('neon-fruits');
  it('is the math sheet figures (THEORY, which packages/games/test/math.test.ts holds to the enumeration)', () => {
    // The enumeration itself (packages/games/math/slot.ts) takes seconds: the games package's test reruns it.
    expect(t.rtp).toBeCloseTo(THEORY.slot.rtp, 9);
    expect(Math.sqrt(t.variance)).toBeCloseTo(THEORY.slot.sd, 6);
  });
  it('matches 60 000 real rounds (free spins included)', () => {
    const m = simulate(60_000, (nonce) => ratio(playThrough('neon-fruits', BET, {}, { ...SEEDS, nonce }), BET));
    expectMatches(m, t.rtp, t.variance);
  });
});

describe('blackjack theory', () => {
  const t = theory('blackjack');
  it('is the math sheet RTP per initial bet, spread over the measured mean stake', () => {
    // THEORY is what packages/games/test/math.test.ts holds the sheet and its script to.
    expect(1 + (t.rtp - 1) * 1.1274885).toBeCloseTo(THEORY.blackjack.rtp, 10);
  });
  it('matches 25 000 real rounds by basic strategy, per unit of total stake (doubles and splits are stakes)', () => {
    // Per round: y = payout and s = total stake, both per unit of initial bet. The monitor's RTP is Σy/Σs, and
    // one stake is one bet movement of the initial bet's size, so its variance is Var(y − R·s) / E[s].
    const n = 25_000;
    const rounds: { y: number; s: number }[] = [];
    for (let nonce = 0; nonce < n; nonce += 1) {
      const p = playThrough('blackjack', BET, {}, { ...SEEDS, nonce }, basicStrategyAction);
      rounds.push({ y: Number(p.payout) / Number(BET), s: Number(p.stake) / Number(BET) });
    }
    const sumY = rounds.reduce((a, r) => a + r.y, 0);
    const sumS = rounds.reduce((a, r) => a + r.s, 0);
    const rtp = sumY / sumS;
    // The monitor's own standard error for these stakes: σ · √(Σ stake²) / Σ stake, one stake per bet movement.
    expect(Math.abs(rtp - t.rtp)).toBeLessThan((4 * Math.sqrt(t.variance * sumS)) / sumS);
    const z = new Moments();
    for (const r of rounds) z.add(r.y - t.rtp * r.s);
    const es = sumS / n;
    expect(Math.abs(z.variance / es - t.variance)).toBeLessThan((4 * z.varianceSe) / es);
  });
});
