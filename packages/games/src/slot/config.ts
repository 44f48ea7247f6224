/** Symbols of the 5×3 video slot. W substitutes for every paying symbol; S pays anywhere. */
export const SYMBOLS = ['W', 'S', 'H1', 'H2', 'H3', 'L1', 'L2', 'L3', 'L4'] as const;
export type SymbolName = (typeof SYMBOLS)[number];
export const WILD = 0;
export const SCATTER = 1;

export interface SlotConfig {
  /** Five reel strips of symbol indices (into SYMBOLS), read cyclically; a stop shows rows stop, stop+1, stop+2. */
  readonly reels: readonly (readonly number[])[];
  /** Each payline gives the row (0 top, 1 middle, 2 bottom) on reels 1–5. */
  readonly lines: readonly (readonly number[])[];
  /** Line pays in multiples of the line bet for 3, 4 and 5 of a kind, per symbol index (scatter unused). */
  readonly linePays: readonly (readonly [number, number, number])[];
  /** Scatter pays in multiples of the total bet for 3, 4 and 5 scatters anywhere. */
  readonly scatterPays: readonly [number, number, number];
  /** Free spins awarded by 3 or more scatters (also during free spins: retrigger). */
  readonly freeSpins: number;
  /** Free spin wins are multiplied by this (integer). */
  readonly freeSpinMultiplier: number;
}

const sym = (names: string) => names.split(' ').map((n) => SYMBOLS.indexOf(n as SymbolName));

export const SLOT_DEFAULT: SlotConfig = {
  reels: [
    sym('L4 H1 L3 S L2 H3 L1 W L4 H2 L3 H3 L2 L1 H3 L4 H2 L3 L1 L2'),
    sym('L3 H2 L4 S L1 H3 L2 W L3 H1 L4 L1 H3 L2 H3 L3 H2 L4 L1 L2'),
    sym('L2 H3 L1 S L4 H1 L3 W L2 H2 L1 L4 H3 L3 H3 L2 H2 L1 L4 L3'),
    sym('L1 H2 L2 S L3 H3 L4 W L1 H1 L2 L3 H3 L4 H3 L1 H2 L2 L3 L4'),
    sym('L4 H3 L3 S L2 H2 L1 W L4 H1 L3 L2 H3 L1 H3 L4 H2 L3 L2 L1'),
  ],
  lines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [0, 1, 1, 1, 0],
  ],
  linePays: [
    [25, 250, 1200], // W
    [0, 0, 0], // S (pays as scatter)
    [18, 75, 360], // H1
    [12, 50, 180], // H2
    [10, 30, 120], // H3
    [6, 18, 72], // L1
    [5, 15, 60], // L2
    [4, 12, 48], // L3
    [3, 10, 36], // L4
  ],
  scatterPays: [2, 10, 50],
  freeSpins: 10,
  freeSpinMultiplier: 2,
};
