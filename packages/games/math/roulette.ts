import { coveredNumbers, ODDS, type RouletteBet } from '../src/roulette/index.ts';
import { type MathResult, Q, summary } from './rational.ts';

/** The bet layout the simulation plays each round: one unit on one bet of every kind. */
export const ROULETTE_SIM_BETS: RouletteBet[] = [
  { kind: 'straight', numbers: [17], amount: 1n },
  { kind: 'split', numbers: [0, 2], amount: 1n },
  { kind: 'street', numbers: [31, 32, 33], amount: 1n },
  { kind: 'corner', numbers: [5, 6, 8, 9], amount: 1n },
  { kind: 'sixLine', numbers: [13, 14, 15, 16, 17, 18], amount: 1n },
  { kind: 'column', index: 2, amount: 1n },
  { kind: 'dozen', index: 3, amount: 1n },
  { kind: 'red', amount: 1n },
  { kind: 'even', amount: 1n },
  { kind: 'low', amount: 1n },
];

/** Enumerates the 37 pockets: return per unit staked for a layout of bets. */
export function rouletteMath(bets: RouletteBet[] = ROULETTE_SIM_BETS): MathResult {
  const covered = bets.map((b, i) => coveredNumbers(b, `bets.${i}`));
  const stake = bets.reduce((s, b) => s + Number(b.amount), 0);
  let sum = new Q(0);
  let sum2 = new Q(0);
  for (let n = 0; n <= 36; n += 1) {
    let ret = 0;
    bets.forEach((b, i) => {
      if ((covered[i] as readonly number[]).includes(n)) ret += Number(b.amount) * (ODDS[b.kind] + 1);
    });
    const x = new Q(ret, stake);
    sum = sum.add(x);
    sum2 = sum2.add(x.mul(x));
  }
  const rtp = sum.div(37);
  return {
    game: `roulette (${bets.map((b) => b.kind).join(' + ')}, one unit each)`,
    rtp,
    variance: sum2.div(37).sub(rtp.mul(rtp)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(summary(rouletteMath()));
  for (const b of ROULETTE_SIM_BETS) console.log(summary(rouletteMath([b])));
}
