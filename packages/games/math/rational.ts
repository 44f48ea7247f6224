/** Exact fractions over bigint, enough for the math sheets (no floats until the final print). */
export class Q {
  readonly n: bigint;
  readonly d: bigint;
  constructor(n: bigint | number, d: bigint | number = 1n) {
    let nn = BigInt(n);
    let dd = BigInt(d);
    if (dd === 0n) throw new RangeError('division by zero');
    if (dd < 0n) {
      nn = -nn;
      dd = -dd;
    }
    const g = gcd(nn < 0n ? -nn : nn, dd);
    this.n = g > 1n ? nn / g : nn;
    this.d = g > 1n ? dd / g : dd;
  }
  add(o: Q | number): Q {
    const b = q(o);
    return new Q(this.n * b.d + b.n * this.d, this.d * b.d);
  }
  sub(o: Q | number): Q {
    const b = q(o);
    return new Q(this.n * b.d - b.n * this.d, this.d * b.d);
  }
  mul(o: Q | number): Q {
    const b = q(o);
    return new Q(this.n * b.n, this.d * b.d);
  }
  div(o: Q | number): Q {
    const b = q(o);
    return new Q(this.n * b.d, this.d * b.n);
  }
  /** Decimal with `digits` places, truncated toward zero. */
  toFixed(digits: number): string {
    const neg = this.n < 0n;
    const a = neg ? -this.n : this.n;
    const scaled = (a * 10n ** BigInt(digits)) / this.d;
    const s = scaled.toString().padStart(digits + 1, '0');
    return `${neg ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`;
  }
  toNumber(): number {
    return Number(this.toFixed(17));
  }
  toString(): string {
    return `${this.n}/${this.d}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function q(x: Q | number | bigint, d: number | bigint = 1n): Q {
  return x instanceof Q ? x : new Q(x, d);
}

/** What every math script reports: the exact RTP and the per-round standard deviation (both per unit bet). */
export interface MathResult {
  readonly game: string;
  readonly rtp: Q;
  readonly variance: Q;
  readonly extra?: Record<string, string>;
}

export function summary(r: MathResult): string {
  const sd = Math.sqrt(r.variance.toNumber());
  const lines = [`${r.game}: RTP ${r.rtp.toFixed(10)} (${r.rtp.mul(100).toFixed(6)} %), per-round SD ${sd.toFixed(6)}`];
  for (const [k, v] of Object.entries(r.extra ?? {})) lines.push(`  ${k}: ${v}`);
  return lines.join('\n');
}
