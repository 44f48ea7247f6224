import { blackjack, FairStream } from '@croupier/games';

/**
 * Measures, once, the two blackjack figures the math sheet does not give in the RTP monitor's terms (decision
 * 0121): E[s], the mean total stake of a round per unit of initial bet (doubles and the split add stake), and
 * Var(y − R·s) with R = E[y] / E[s], y the payout per unit of initial bet. Basic strategy, the engine's own
 * `playBasicStrategy`, on the provably fair stream: seed pair fixed, nonce = round number. The constants in
 * blackjack.ts come from this output:
 *
 *   node --import tsx apps/server/src/modules/studio/theory/blackjack-measure.ts 20000000
 *
 * Standard errors are from batch means (100 batches).
 */
const BATCHES = 100;
const BET = 1_000_000n;
const seeds = { serverSeed: 'f'.repeat(64), clientSeed: 'rtp-monitor-blackjack' };

interface Sums {
  n: number;
  y: number;
  s: number;
  yy: number;
  ss: number;
  ys: number;
}
const empty = (): Sums => ({ n: 0, y: 0, s: 0, yy: 0, ss: 0, ys: 0 });

function figures(t: Sums) {
  const ey = t.y / t.n;
  const es = t.s / t.n;
  const r = ey / es;
  // Var(y − R s) = E[(y − R s)²], since E[y − R s] = 0 by the choice of R.
  const v = t.yy / t.n - 2 * r * (t.ys / t.n) + r * r * (t.ss / t.n);
  return { es, r, sigma2: v / es, perInitial: ey };
}

/** Plays `rounds` rounds and prints the figures (a script: nothing runs on import). */
function measure(rounds: number): void {
  const total = empty();
  const batches: ReturnType<typeof figures>[] = [];
  const size = Math.ceil(rounds / BATCHES);
  let batch = empty();
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const st = blackjack.playBasicStrategy(blackjack.BLACKJACK_DEFAULT, BET, new FairStream({ ...seeds, nonce }));
    const y = Number(st.payout) / Number(BET);
    const s = Number(st.stake) / Number(BET);
    for (const t of [total, batch]) {
      t.n += 1;
      t.y += y;
      t.s += s;
      t.yy += y * y;
      t.ss += s * s;
      t.ys += y * s;
    }
    if (batch.n === size) {
      batches.push(figures(batch));
      batch = empty();
    }
  }
  if (batch.n > 0) batches.push(figures(batch));

  const se = (pick: (f: ReturnType<typeof figures>) => number) => {
    const xs = batches.map(pick);
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
    return Math.sqrt(v / xs.length);
  };
  const f = figures(total);
  console.log(`rounds ${rounds}, seed pair ${seeds.serverSeed.slice(0, 8)}…/${seeds.clientSeed}`);
  console.log(`E[s] (stake per initial bet)      ${f.es.toFixed(7)} ± ${se((b) => b.es).toFixed(7)}`);
  console.log(`E[y] (payout per initial bet)     ${f.perInitial.toFixed(7)} ± ${se((b) => b.perInitial).toFixed(7)}`);
  console.log(`R = E[y]/E[s] (RTP per stake)     ${f.r.toFixed(7)} ± ${se((b) => b.r).toFixed(7)}`);
  console.log(`σ² = Var(y − R s)/E[s]            ${f.sigma2.toFixed(5)} ± ${se((b) => b.sigma2).toFixed(5)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) measure(Number(process.argv[2] ?? 1_000_000));
