import type { Rng } from './stream.ts';

/**
 * Fisher–Yates from the front: position i takes the element at a uniform j in [i, n). Drawing the first k
 * positions consumes exactly k numbers, so a lazy shuffle (see `LazyShuffle`) yields the same order as the
 * full one, position by position.
 */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const a = items.slice();
  for (let i = 0; i < a.length - 1; i += 1) {
    const j = i + rng.nextInt(a.length - i);
    const t = a[i] as T;
    a[i] = a[j] as T;
    a[j] = t;
  }
  return a;
}

/** The first `k` indices of a Fisher–Yates shuffle of 0..n-1 (e.g. mine positions). */
export function sample(n: number, k: number, rng: Rng): number[] {
  const lazy = new LazyShuffle(n);
  const out: number[] = [];
  for (let i = 0; i < k; i += 1) out.push(lazy.next(rng));
  return out;
}

/** Serializable state of a lazily shuffled permutation of 0..size-1. */
export interface LazyShuffleState {
  readonly size: number;
  readonly drawn: number;
  /** Positions at or after `drawn` whose element differs from the identity, as [position, element] pairs. */
  readonly moved: ReadonlyArray<readonly [number, number]>;
}

/**
 * Front Fisher–Yates performed one position at a time, holding only swapped positions: a 312-card shoe
 * costs one random number per dealt card instead of 311 per round, with the identical card order.
 * A round deals a handful of cards, so the moved positions live in two short arrays searched linearly
 * (cheaper than a Map at this size; the bench deals billions of cards).
 */
export class LazyShuffle {
  private readonly size: number;
  private drawn: number;
  private readonly positions: number[] = [];
  private readonly elements: number[] = [];

  constructor(size: number, state?: LazyShuffleState) {
    this.size = size;
    this.drawn = state?.drawn ?? 0;
    for (const [p, e] of state?.moved ?? []) {
      this.positions.push(p);
      this.elements.push(e);
    }
  }

  get remaining(): number {
    return this.size - this.drawn;
  }

  next(rng: Rng): number {
    const i = this.drawn;
    if (i >= this.size) throw new RangeError('The permutation is exhausted.');
    const j = i + (i === this.size - 1 ? 0 : rng.nextInt(this.size - i));
    const ki = this.positions.indexOf(i);
    const atI = ki >= 0 ? (this.elements[ki] as number) : i;
    if (ki >= 0) {
      // Position i is dealt now; it never needs remembering again.
      this.positions.splice(ki, 1);
      this.elements.splice(ki, 1);
    }
    this.drawn = i + 1;
    if (j === i) return atI;
    const kj = this.positions.indexOf(j);
    const atJ = kj >= 0 ? (this.elements[kj] as number) : j;
    if (kj >= 0) this.elements[kj] = atI;
    else {
      this.positions.push(j);
      this.elements.push(atI);
    }
    return atJ;
  }

  state(): LazyShuffleState {
    return {
      size: this.size,
      drawn: this.drawn,
      moved: this.positions.map((p, k) => [p, this.elements[k] as number] as const),
    };
  }
}
