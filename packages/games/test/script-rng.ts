import type { Rng } from '../src/fairness/stream.ts';

/**
 * A scripted random source for rule tests: each queued value is returned by the next draw
 * (`nextInt(n)` returns it as is, so it must be < n; `nextUint32` returns it raw).
 */
export class ScriptRng implements Rng {
  private readonly queue: number[];
  constructor(values: number[]) {
    this.queue = values.slice();
  }
  get left(): number {
    return this.queue.length;
  }
  nextUint32(): number {
    const v = this.queue.shift();
    if (v === undefined) throw new Error('script exhausted');
    return v;
  }
  nextInt(n: number): number {
    const v = this.nextUint32();
    if (v >= n) throw new Error(`scripted ${v} is not below ${n}`);
    return v;
  }
  nextFloat(): number {
    return this.nextUint32() / 2 ** 32;
  }
}
