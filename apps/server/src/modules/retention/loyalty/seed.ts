import { LoyaltyInput } from '@croupier/contracts';
import { count } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../wallet/index.ts';
import { saveLoyalty } from './editor.ts';
import { loyaltyLevels } from './schema.ts';

// The demo's loyalty programme (issue 13 §6): five levels, one point per euro staked, and the table games
// (roulette, blackjack) counting for less than the others, as operators usually set it.

export const demoLevels = [
  { name: 'Bronze', order: 1, points: 0 },
  { name: 'Silver', order: 2, points: 100 },
  { name: 'Gold', order: 3, points: 500 },
  { name: 'Platinum', order: 4, points: 2_000 },
  { name: 'Diamond', order: 5, points: 10_000 },
];

const demo = LoyaltyInput.parse({
  levels: demoLevels.map(({ name, points }) => ({ name, points })),
  pointsPerBaseUnit: 1,
  defaultContribution: 100,
  contributions: [
    { game: 'european-roulette', percent: 20 },
    { game: 'blackjack', percent: 20 },
  ],
});

/**
 * Idempotent: written once, through the editor's own service (the one way the programme is written), when no
 * level exists yet; a programme that exists is left as staff may have edited it.
 */
export async function seedLoyalty(db: Db): Promise<void> {
  const [levels] = await db.select({ n: count() }).from(loyaltyLevels);
  if ((levels?.n ?? 0) > 0) return;
  await withTransaction(db, (tx) => saveLoyalty(tx, demo));
}
