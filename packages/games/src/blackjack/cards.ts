/** A card is 0..51 within its deck: suit = floor(c / 13), rank = c % 13 (0 = ace, 9 = ten, 10–12 = J Q K). */
export type Card = number;

export const DECKS = 6;
export const SHOE_SIZE = 52 * DECKS;

/** Shoe position p (0..311) holds card p % 52 of deck floor(p / 52). */
export const cardAt = (position: number): Card => position % 52;

/** Blackjack value: ace 1 (counted 11 by `handTotal` when it helps), faces 10. */
export function cardValue(card: Card): number {
  const rank = card % 13;
  return rank >= 9 ? 10 : rank + 1;
}

export interface Total {
  readonly total: number;
  /** An ace counts 11 in `total`. */
  readonly soft: boolean;
}

export function handTotal(cards: readonly Card[]): Total {
  let sum = 0;
  let aces = false;
  for (const c of cards) {
    const v = cardValue(c);
    sum += v;
    if (v === 1) aces = true;
  }
  return aces && sum + 10 <= 21 ? { total: sum + 10, soft: true } : { total: sum, soft: false };
}

export const isBlackjack = (cards: readonly Card[]) => cards.length === 2 && handTotal(cards).total === 21;
