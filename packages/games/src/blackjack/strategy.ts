/**
 * Basic strategy for 6 decks, dealer stands on soft 17, double on any two cards, double after split,
 * one split, no surrender, dealer peeks. The simulation plays it and math/blackjack.ts computes its
 * exact return, so both use this one function.
 */
export type Decision = 'hit' | 'stand' | 'double' | 'split';

export interface StrategyInput {
  /** Best total of the hand and whether an ace counts 11. */
  readonly total: number;
  readonly soft: boolean;
  /** Card value (1–10) when the hand is a splittable pair, else null. */
  readonly pair: number | null;
  /** Dealer up-card value, 1 = ace. */
  readonly up: number;
  readonly canDouble: boolean;
}

const inRange = (up: number, lo: number, hi: number) => up >= lo && up <= hi;

function pairDecision(pair: number, up: number): boolean {
  switch (pair) {
    case 1:
    case 8:
      return true;
    case 9:
      return inRange(up, 2, 9) && up !== 7;
    case 7:
    case 2:
    case 3:
      return inRange(up, 2, 7);
    case 6:
      return inRange(up, 2, 6);
    case 4:
      return inRange(up, 5, 6);
    default:
      return false; // 5,5 plays as hard 10; 10,10 stands
  }
}

export function basicStrategy(s: StrategyInput): Decision {
  const { total, soft, up, canDouble } = s;
  if (s.pair !== null && pairDecision(s.pair, up)) return 'split';
  const dbl = (fallback: Decision): Decision => (canDouble ? 'double' : fallback);
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) {
      if (inRange(up, 3, 6)) return dbl('stand');
      return up === 2 || up === 7 || up === 8 ? 'stand' : 'hit';
    }
    if (total === 17) return inRange(up, 3, 6) ? dbl('hit') : 'hit';
    if (total >= 15) return inRange(up, 4, 6) ? dbl('hit') : 'hit';
    return inRange(up, 5, 6) ? dbl('hit') : 'hit';
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return inRange(up, 2, 6) ? 'stand' : 'hit';
  if (total === 12) return inRange(up, 4, 6) ? 'stand' : 'hit';
  if (total === 11) return up !== 1 ? dbl('hit') : 'hit';
  if (total === 10) return inRange(up, 2, 9) ? dbl('hit') : 'hit';
  if (total === 9) return inRange(up, 3, 6) ? dbl('hit') : 'hit';
  return 'hit';
}
