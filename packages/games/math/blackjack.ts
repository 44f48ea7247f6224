import { basicStrategy } from '../src/blackjack/strategy.ts';
import { type MathResult, Q, summary } from './rational.ts';

/**
 * Expected return of basic strategy (src/blackjack/strategy.ts) for one 6-deck shoe shuffled per round,
 * computed by exhaustive enumeration over card values with their exact draw probabilities (float64; no
 * sampling). Standard approximations, stated in docs/games/blackjack.md:
 *  - the player's hit cards and the dealer's cards are each drawn from the shoe minus the three initial
 *    cards (the two sides' removals are not applied to each other);
 *  - the two hands of a split are valued independently (same for the variance).
 * `infinite: true` computes the same strategy for an infinite shoe, to show the size of removal effects.
 */
type Comp = number[]; // comp[v] = cards of value v (1 = ace … 10 = ten-value), comp[0] = total

function shoe(decks: number): Comp {
  const c = [0, ...Array.from({ length: 10 }, (_, i) => (i === 9 ? 16 : 4) * decks)];
  c[0] = 52 * decks;
  return c;
}

const without = (c: Comp, v: number, infinite: boolean): Comp => {
  if (infinite) return c;
  const d = c.slice();
  d[v] = (d[v] as number) - 1;
  d[0] = (d[0] as number) - 1;
  return d;
};

const best = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);

/** Dealer final totals: index 0..4 = 17..21, 5 = bust. */
function dealerDraws(c: Comp, hard: number, ace: boolean, w: number, out: number[], infinite: boolean): void {
  const t = best(hard, ace);
  if (t >= 17) {
    out[t > 21 ? 5 : t - 17] = (out[t > 21 ? 5 : t - 17] as number) + w;
    return;
  }
  for (let v = 1; v <= 10; v += 1) {
    const n = c[v] as number;
    if (n === 0) continue;
    dealerDraws(without(c, v, infinite), hard + v, ace || v === 1, (w * n) / (c[0] as number), out, infinite);
  }
}

/** Dealer distribution for an up card, the hole card drawn from c, excluding a blackjack hole when peeking. */
function dealerDist(c: Comp, up: number, infinite: boolean): number[] {
  const out = [0, 0, 0, 0, 0, 0];
  const bjHole = up === 1 ? 10 : up === 10 ? 1 : 0;
  const n = (c[0] as number) - (bjHole ? (c[bjHole] as number) : 0);
  for (let v = 1; v <= 10; v += 1) {
    const k = c[v] as number;
    if (v === bjHole || k === 0) continue;
    dealerDraws(without(c, v, infinite), up + v, up === 1 || v === 1, k / n, out, infinite);
  }
  return out;
}

interface Moments {
  e: number;
  e2: number;
}

function standEV(total: number, d: number[], stake: number): Moments {
  if (total > 21) return { e: -stake, e2: stake * stake };
  let win = d[5] as number;
  let lose = 0;
  for (let i = 0; i < 5; i += 1) {
    const t = 17 + i;
    if (t < total) win += d[i] as number;
    else if (t > total) lose += d[i] as number;
  }
  return { e: stake * (win - lose), e2: stake * stake * (win + lose) };
}

interface Ctx {
  d: number[];
  up: number;
  infinite: boolean;
}

/** Value of a (non-blackjack) hand played on by basic strategy. */
function playHand(
  c: Comp,
  hard: number,
  ace: boolean,
  cards: number,
  pair: number | null,
  canDouble: boolean,
  x: Ctx,
): Moments {
  const total = best(hard, ace);
  if (total >= 21) return standEV(total, x.d, 1);
  const decision = basicStrategy({ total, soft: ace && hard + 10 <= 21, pair, up: x.up, canDouble });
  if (decision === 'stand') return standEV(total, x.d, 1);
  if (decision === 'split') {
    const one = splitHand(c, pair as number, x);
    return { e: 2 * one.e, e2: 2 * one.e2 + 2 * one.e * one.e };
  }
  const r: Moments = { e: 0, e2: 0 };
  for (let v = 1; v <= 10; v += 1) {
    const n = c[v] as number;
    if (n === 0) continue;
    const p = n / (c[0] as number);
    const m =
      decision === 'double'
        ? standEV(best(hard + v, ace || v === 1), x.d, 2)
        : playHand(without(c, v, x.infinite), hard + v, ace || v === 1, cards + 1, null, false, x);
    r.e += p * m.e;
    r.e2 += p * m.e2;
  }
  return r;
}

/** One hand of a split: the pair card plus a drawn card; aces get one card only; double after split allowed. */
function splitHand(c: Comp, v0: number, x: Ctx): Moments {
  const r: Moments = { e: 0, e2: 0 };
  for (let v = 1; v <= 10; v += 1) {
    const n = c[v] as number;
    if (n === 0) continue;
    const p = n / (c[0] as number);
    const hard = v0 + v;
    const ace = v0 === 1 || v === 1;
    const m =
      v0 === 1 ? standEV(best(hard, ace), x.d, 1) : playHand(without(c, v, x.infinite), hard, ace, 2, null, true, x);
    r.e += p * m.e;
    r.e2 += p * m.e2;
  }
  return r;
}

export function blackjackMoments(
  options: { decks?: number; infinite?: boolean } = {},
): Moments & { dealerBj: number; playerBj: number } {
  const infinite = options.infinite ?? false;
  const full = shoe(options.decks ?? 6);
  const total: Moments = { e: 0, e2: 0 };
  let dealerBj = 0;
  let playerBj = 0;
  const pr = (c: Comp, v: number) => (c[v] as number) / (c[0] as number);
  for (let p1 = 1; p1 <= 10; p1 += 1) {
    const c1 = without(full, p1, infinite);
    for (let up = 1; up <= 10; up += 1) {
      const c2 = without(c1, up, infinite);
      for (let p2 = 1; p2 <= 10; p2 += 1) {
        const w = pr(full, p1) * pr(c1, up) * pr(c2, p2);
        const r = without(c2, p2, infinite);
        const pBj = p1 + p2 === 11 && (p1 === 1 || p2 === 1);
        const bjHole = up === 1 ? 10 : up === 10 ? 1 : 0;
        const q = bjHole ? pr(r, bjHole) : 0; // dealer has blackjack
        dealerBj += w * q;
        // Dealer blackjack: the original bet is lost, or pushes against a player blackjack.
        if (!pBj) {
          total.e -= w * q;
          total.e2 += w * q;
        }
        const rest = w * (1 - q);
        if (pBj) {
          playerBj += rest;
          total.e += rest * 1.5;
          total.e2 += rest * 2.25;
          continue;
        }
        const x: Ctx = { d: dealerDist(r, up, infinite), up, infinite };
        const m = playHand(r, p1 + p2, p1 === 1 || p2 === 1, 2, p1 === p2 ? p1 : null, true, x);
        total.e += rest * m.e;
        total.e2 += rest * m.e2;
      }
    }
  }
  return { ...total, dealerBj, playerBj };
}

export function blackjackMath(): MathResult {
  const m = blackjackMoments();
  const inf = blackjackMoments({ infinite: true });
  const toQ = (x: number) => new Q(BigInt(Math.round(x * 1e15)), 10n ** 15n);
  return {
    game: 'blackjack',
    rtp: toQ(1 + m.e),
    variance: toQ(m.e2 - m.e * m.e),
    extra: {
      'player edge (expected return per unit bet)': m.e.toFixed(10),
      'same strategy, infinite shoe': inf.e.toFixed(10),
      'P(dealer blackjack)': m.dealerBj.toFixed(10),
      'P(player blackjack, paid 3:2)': m.playerBj.toFixed(10),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = performance.now();
  console.log(summary(blackjackMath()));
  console.log(`  computed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
