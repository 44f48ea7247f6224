import type { Db } from '../../../db/client.ts';
import { seedSetting } from '../../settings/index.ts';
import { withdrawalSettings } from './settings.ts';

/**
 * The demo's thresholds (issue 26): withdrawals under 100 EUR with no risk flag go on by themselves, above
 * 1,000 EUR two people approve. Seeded only when nobody set them (a staff change is never overwritten).
 */
export const seedDemoWithdrawalSettings = (db: Db) =>
  seedSetting(db, withdrawalSettings, { autoApproveBelow: 100, fourEyesAbove: 1000 });
