import { isStudioGame, STUDIO_PROVIDER_ID, type StudioGameId } from '@croupier/contracts';
import { BLACKJACK_THEORY } from './blackjack.ts';
import { diceTheory } from './dice.ts';
import { minesTheory } from './mines.ts';
import { plinkoTheory } from './plinko.ts';
import { rouletteTheory } from './roulette.ts';
import { SLOT_THEORY } from './slot.ts';
import type { GameTheory } from './types.ts';

export type { GameTheory } from './types.ts';

/**
 * The house games' theory for the RTP monitor (decision 0121): each game's RTP and the variance of one bet's
 * payout per unit staked. Computed from the engines' own configs where the math is a short enumeration, so it
 * cannot drift from the code; the slot and blackjack carry their sheets' figures (test/studio/theory-*.test.ts
 * plays the real adapters against all six).
 */
const THEORY: Record<StudioGameId, GameTheory> = {
  'neon-fruits': SLOT_THEORY,
  'european-roulette': rouletteTheory(),
  blackjack: BLACKJACK_THEORY,
  dice: diceTheory(),
  mines: minesTheory(),
  plinko: plinkoTheory(),
};

const PREFIX = `${STUDIO_PROVIDER_ID}-`;

/**
 * A house game's theory by its catalogue identity: the studio's games are catalogued under their bare id
 * (`dice`, `neon-fruits`…, game/seed.ts), also accepted as `croupier-studio-dice`. Null for any other game.
 */
export function houseGameTheory(identity: string): GameTheory | null {
  const id = identity.startsWith(PREFIX) ? identity.slice(PREFIX.length) : identity;
  return isStudioGame(id) ? THEORY[id] : null;
}
