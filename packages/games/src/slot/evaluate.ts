import { SCATTER, type SlotConfig, WILD } from './config.ts';

/** Symbols in view: window[reel][row]. */
export type Window = number[][];

export function windowAt(config: SlotConfig, stops: readonly number[]): Window {
  const window: Window = [];
  for (let r = 0; r < config.reels.length; r += 1) {
    const strip = config.reels[r] as readonly number[];
    const s = stops[r] as number;
    const n = strip.length;
    window.push([strip[s % n] as number, strip[(s + 1) % n] as number, strip[(s + 2) % n] as number]);
  }
  return window;
}

/** A paying line of a spin. */
export interface LineWin {
  readonly line: number;
  readonly symbol: number;
  readonly count: number;
  /** Multiple of the line bet. */
  readonly pay: number;
}

/** Result of one line; `lineWin` fills one (no allocation per line: the bench evaluates billions). */
export interface LineResult {
  symbol: number;
  count: number;
  /** Multiple of the line bet, 0 when the line does not pay. */
  pay: number;
}

/**
 * Left-to-right line pay. A leading run of wilds pays as wilds, or substitutes for the first other symbol;
 * the line pays the better of the two (one win per line). A scatter ends the run.
 */
export function lineWin(
  config: SlotConfig,
  symbols: ArrayLike<number>,
  out: LineResult = { symbol: 0, count: 0, pay: 0 },
): LineResult {
  const pays = config.linePays;
  let w = 0;
  while (w < 5 && symbols[w] === WILD) w += 1;
  const wildPay = w >= 3 ? ((pays[WILD] as readonly number[])[w - 3] as number) : 0;
  out.symbol = WILD;
  out.count = w;
  out.pay = wildPay;
  if (w === 5) return out;
  const target = symbols[w] as number;
  if (target === SCATTER) return out;
  let n = w + 1;
  while (n < 5 && (symbols[n] === target || symbols[n] === WILD)) n += 1;
  const pay = n >= 3 ? ((pays[target] as readonly number[])[n - 3] as number) : 0;
  if (pay >= wildPay) {
    out.symbol = target;
    out.count = n;
    out.pay = pay;
  }
  return out;
}

export function scatterCount(window: Window): number {
  let n = 0;
  for (const reel of window) if (reel.includes(SCATTER)) n += 1;
  return n;
}

/** Scatter pay in multiples of the total bet. */
export function scatterPay(config: SlotConfig, count: number): number {
  return count >= 3 ? (config.scatterPays[Math.min(count, 5) - 3] as number) : 0;
}

export interface SpinEvaluation {
  readonly lineWins: readonly LineWin[];
  /** Sum of line pays, in line bets. */
  readonly linePay: number;
  readonly scatters: number;
  /** In total bets. */
  readonly scatterPay: number;
  readonly triggered: boolean;
}

const line = new Int8Array(5);
const result: LineResult = { symbol: 0, count: 0, pay: 0 };

export function evaluate(config: SlotConfig, window: Window): SpinEvaluation {
  const lineWins: LineWin[] = [];
  let linePay = 0;
  for (let l = 0; l < config.lines.length; l += 1) {
    const rows = config.lines[l] as readonly number[];
    for (let r = 0; r < 5; r += 1) line[r] = (window[r] as number[])[rows[r] as number] as number;
    const w = lineWin(config, line, result);
    if (w.pay > 0) {
      lineWins.push({ line: l, symbol: w.symbol, count: w.count, pay: w.pay });
      linePay += w.pay;
    }
  }
  const scatters = scatterCount(window);
  return { lineWins, linePay, scatters, scatterPay: scatterPay(config, scatters), triggered: scatters >= 3 };
}
