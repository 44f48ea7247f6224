import { SLOT_DEFAULT, type SlotConfig } from '../src/slot/config.ts';
import { lineWin, scatterPay } from '../src/slot/evaluate.ts';
import { type MathResult, Q, q, summary } from './rational.ts';

/**
 * Exact slot math by full enumeration of the reel stops (20^5 = 3 200 000 windows), then the free-spin
 * feature in closed form (see docs/games/slot.md): a free spin's value V = Y + I·(V1 + … + VN).
 */
export function slotMath(config: SlotConfig = SLOT_DEFAULT): MathResult {
  const reels = config.reels;
  const L = config.lines.length;
  const windows = reels.map((strip) =>
    strip.map((_, s) => [0, 1, 2].map((row) => strip[(s + row) % strip.length] as number)),
  );
  const scat = windows.map((ws) => ws.map((w) => (w.includes(1) ? 1 : 0)));
  // Sums in line-bet units: X = line pays + L × scatter pay. All integers well under 2^53.
  let total = 0;
  let sx = 0;
  let sxx = 0;
  let sxi = 0;
  let si = 0;
  const sym = new Int8Array(5);
  const res = { symbol: 0, count: 0, pay: 0 };
  const [w0, w1, w2, w3, w4] = windows as [number[][], number[][], number[][], number[][], number[][]];
  for (let a = 0; a < w0.length; a += 1)
    for (let b = 0; b < w1.length; b += 1)
      for (let c = 0; c < w2.length; c += 1)
        for (let d = 0; d < w3.length; d += 1)
          for (let e = 0; e < w4.length; e += 1) {
            const win = [w0[a], w1[b], w2[c], w3[d], w4[e]] as number[][];
            let x = 0;
            for (const rows of config.lines) {
              for (let r = 0; r < 5; r += 1) sym[r] = (win[r] as number[])[rows[r] as number] as number;
              x += lineWin(config, sym, res).pay;
            }
            const sc =
              (scat[0]?.[a] as number) +
              (scat[1]?.[b] as number) +
              (scat[2]?.[c] as number) +
              (scat[3]?.[d] as number) +
              (scat[4]?.[e] as number);
            x += L * scatterPay(config, sc);
            const i = sc >= 3 ? 1 : 0;
            total += 1;
            sx += x;
            sxx += x * x;
            sxi += x * i;
            si += i;
          }
  const N = config.freeSpins;
  const M = config.freeSpinMultiplier;
  const EB = q(sx, total);
  const EB2 = q(sxx, total);
  const EBI = q(sxi, total);
  const p = q(si, total);
  const oneMinus = q(1).sub(p.mul(N));
  if (oneMinus.n <= 0n) throw new Error('free spins never end on average (p·N ≥ 1)');
  const EY = EB.mul(M);
  const EY2 = EB2.mul(M * M);
  const EYI = EBI.mul(M);
  const EV = EY.div(oneMinus);
  const EV2 = EY2.add(EYI.mul(2 * N).mul(EV))
    .add(
      p
        .mul(N * (N - 1))
        .mul(EV)
        .mul(EV),
    )
    .div(oneMinus);
  const ET = EB.add(p.mul(N).mul(EV));
  const ET2 = EB2.add(EBI.mul(2 * N).mul(EV)).add(p.mul(EV2.mul(N).add(EV.mul(EV).mul(N * (N - 1)))));
  const unit = new Q(L);
  const rtp = ET.div(unit);
  const variance = ET2.sub(ET.mul(ET)).div(unit.mul(unit));
  const base = EB.div(unit);
  return {
    game: 'slot',
    rtp,
    variance,
    extra: {
      windows: String(total),
      'base game RTP (lines + scatters)': base.toFixed(10),
      'free spins share of RTP': rtp.sub(base).toFixed(10),
      'trigger probability per spin': `${p} ≈ ${p.toFixed(8)}`,
      'expected free spins per trigger': q(N).div(oneMinus).toFixed(6),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = performance.now();
  console.log(summary(slotMath()));
  console.log(`  computed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
