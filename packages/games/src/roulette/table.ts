/** European single-zero wheel: numbers 0–36 and the table layout's legal groups. */
export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export type InsideKind = 'straight' | 'split' | 'street' | 'corner' | 'sixLine';
export type OutsideKind = 'column' | 'dozen' | 'red' | 'black' | 'even' | 'odd' | 'low' | 'high';

/** Net odds (x to 1) per bet kind; the total return is (36 / covered numbers) × stake. */
export const ODDS: Record<InsideKind | OutsideKind, number> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  sixLine: 5,
  column: 2,
  dozen: 2,
  red: 1,
  black: 1,
  even: 1,
  odd: 1,
  low: 1,
  high: 1,
};

const key = (ns: readonly number[]) => [...ns].sort((a, b) => a - b).join(',');

/** Every legal inside group, keyed by its sorted numbers (layout: 3 columns, row r holds 3r+1..3r+3). */
function insideGroups(): Record<InsideKind, Set<string>> {
  const g: Record<InsideKind, Set<string>> = {
    straight: new Set(),
    split: new Set(),
    street: new Set(),
    corner: new Set(),
    sixLine: new Set(),
  };
  for (let n = 0; n <= 36; n += 1) g.straight.add(key([n]));
  for (let n = 1; n <= 36; n += 1) {
    if (n % 3 !== 0) g.split.add(key([n, n + 1]));
    if (n <= 33) g.split.add(key([n, n + 3]));
  }
  for (const n of [1, 2, 3]) g.split.add(key([0, n]));
  for (let n = 1; n <= 34; n += 3) g.street.add(key([n, n + 1, n + 2]));
  // The zero trios 0-1-2 and 0-2-3 are streets on a European table.
  g.street.add(key([0, 1, 2]));
  g.street.add(key([0, 2, 3]));
  for (let n = 1; n <= 32; n += 1) if (n % 3 !== 0) g.corner.add(key([n, n + 1, n + 3, n + 4]));
  g.corner.add(key([0, 1, 2, 3])); // "first four"
  for (let n = 1; n <= 31; n += 3) g.sixLine.add(key([n, n + 1, n + 2, n + 3, n + 4, n + 5]));
  return g;
}

export const LEGAL_GROUPS = insideGroups();
export const groupKey = key;

/** Numbers an outside bet covers (index 1–3 for column and dozen). */
export function outsideNumbers(kind: OutsideKind, index?: number): readonly number[] {
  const k = `${kind}${index ?? ''}`;
  let ns = OUTSIDE.get(k);
  if (ns === undefined) {
    ns = Object.freeze(computeOutside(kind, index));
    OUTSIDE.set(k, ns);
  }
  return ns;
}

// Computed once per bet kind: every spin settles these.
const OUTSIDE = new Map<string, readonly number[]>();

function computeOutside(kind: OutsideKind, index?: number): number[] {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (kind) {
    case 'column':
      return all.filter((n) => (n - 1) % 3 === (index ?? 0) - 1);
    case 'dozen':
      return all.filter((n) => Math.ceil(n / 12) === index);
    case 'red':
      return all.filter((n) => RED.has(n));
    case 'black':
      return all.filter((n) => !RED.has(n));
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'low':
      return all.filter((n) => n <= 18);
    case 'high':
      return all.filter((n) => n >= 19);
  }
}
