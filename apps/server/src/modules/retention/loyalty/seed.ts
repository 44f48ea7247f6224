import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { loyaltyLevels, loyaltyProgram } from './schema.ts';

// The demo's loyalty programme (issue 13 §6): five levels, one point per euro staked, and the table games
// (roulette, blackjack) counting for less than the others, as operators usually set it.

export const demoLevels = [
  { name: 'Bronze', order: 1, points: 0 },
  { name: 'Silver', order: 2, points: 100 },
  { name: 'Gold', order: 3, points: 500 },
  { name: 'Platinum', order: 4, points: 2_000 },
  { name: 'Diamond', order: 5, points: 10_000 },
];

/** Idempotent: levels keyed by order, the programme's single row updated in place. */
export async function seedLoyalty(db: Db): Promise<void> {
  for (const level of demoLevels) {
    await db
      .insert(loyaltyLevels)
      .values({ name: level.name, order: level.order, points: BigInt(level.points * 100) })
      .onConflictDoUpdate({
        target: loyaltyLevels.order,
        set: { name: sql`excluded.name`, points: sql`excluded.points` },
      });
  }
  await db
    .insert(loyaltyProgram)
    .values({
      id: 1,
      pointsPerBaseUnit: '1',
      defaultContribution: 100,
      contributions: { 'european-roulette': 20, blackjack: 20 },
    })
    .onConflictDoUpdate({
      target: loyaltyProgram.id,
      set: { contributions: sql`excluded.contributions`, pointsPerBaseUnit: sql`excluded.points_per_base_unit` },
    });
}
