import { seedBonuses } from '../modules/bonus/index.ts';
import { seedGames } from '../modules/game/index.ts';
import { seedFieldSettings } from '../modules/player/index.ts';
import { seedLoyalty, seedQuests, seedTournaments, seedWheels } from '../modules/retention/index.ts';
import { seedTurnOver } from '../modules/risk/index.ts';
import type { Db } from './client.ts';

/**
 * Demo data for the quick start. Each module's seeder is idempotent (upserts keyed by natural ids), so
 * running it at every start changes nothing the second time. Modules add their seeders here as they land.
 */
const seeders: Array<(db: Db) => Promise<void>> = [
  seedFieldSettings,
  seedGames,
  seedBonuses,
  seedTurnOver,
  seedQuests,
  seedTournaments,
  seedLoyalty,
  seedWheels,
];

export async function seedDemoData(db: Db): Promise<void> {
  for (const seed of seeders) await seed(db);
}
