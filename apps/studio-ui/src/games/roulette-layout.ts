/** Roulette table layout helpers (no React: unit-tested). */

export type Kind =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'sixLine'
  | 'column'
  | 'dozen'
  | 'red'
  | 'black'
  | 'even'
  | 'odd'
  | 'low'
  | 'high';

/** A place on the table: an inside group of numbers, or an outside bet (column and dozen by index). */
export interface Spot {
  kind: Kind;
  numbers?: number[];
  index?: 1 | 2 | 3;
}

export type Inside = 'straight' | 'split' | 'street' | 'corner' | 'sixLine';
export const INSIDE: readonly Inside[] = ['straight', 'split', 'street', 'corner', 'sixLine'];

/** The inside bet of a kind that a tap on number n places (touch and keyboard: no tiny edge targets). */
export function groupFor(kind: Inside, n: number): Spot | null {
  if (kind === 'straight') return { kind, numbers: [n] };
  if (n === 0) {
    if (kind === 'split') return { kind, numbers: [0, 2] };
    if (kind === 'street') return { kind, numbers: [0, 1, 2] };
    if (kind === 'corner') return { kind, numbers: [0, 1, 2, 3] };
    return null;
  }
  const rowStart = n - ((n - 1) % 3);
  switch (kind) {
    case 'split':
      return { kind, numbers: n <= 33 ? [n, n + 3] : [n - 3, n] };
    case 'street':
      return { kind, numbers: [rowStart, rowStart + 1, rowStart + 2] };
    case 'corner': {
      let a = n % 3 === 0 ? n - 1 : n;
      if (a > 32) a -= 3;
      return { kind, numbers: [a, a + 1, a + 3, a + 4] };
    }
    case 'sixLine': {
      const b = rowStart > 31 ? rowStart - 3 : rowStart;
      return { kind, numbers: [b, b + 1, b + 2, b + 3, b + 4, b + 5] };
    }
  }
}
