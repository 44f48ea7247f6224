import { seedBonuses } from '../modules/bonus/index.ts';
import { seedGames } from '../modules/game/seed.ts';
import { seedFieldSettings } from '../modules/player/seed.ts';
import { seedLoyalty } from '../modules/retention/loyalty/index.ts';
import { seedQuests } from '../modules/retention/quests/index.ts';
import { seedTournaments } from '../modules/retention/tournaments/index.ts';
import { seedWheels } from '../modules/retention/wheel/index.ts';
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
