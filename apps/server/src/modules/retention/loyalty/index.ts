import type { Db } from '../../../db/client.ts';
import type { RatesSource } from '../../settings/index.ts';
import type { RetentionHandler } from '../events.ts';
import { loyaltyHandler } from './handler.ts';
import { publishAccount } from './publish.ts';
import { addPoints, levelsOf } from './store.ts';

// Loyalty (issue 13 §2, decision 0059): points from real-money stakes, levels by threshold.

export { loyaltyRoutes } from './routes.ts';
export { demoLevels, seedLoyalty } from './seed.ts';

export interface Loyalty {
  handler: RetentionHandler;
  /** Adds hundredths of a point in the caller's transaction (a wheel prize), publishing the change. */
  award(tx: Db, playerId: string, hundredths: bigint, at: Date): Promise<void>;
}

export function createLoyalty({ rates }: { rates: RatesSource }): Loyalty {
  return {
    handler: loyaltyHandler(rates),
    async award(tx, playerId, hundredths, at) {
      if (hundredths <= 0n) return;
      const account = await addPoints(tx, playerId, hundredths, at);
      await publishAccount(tx, account, account.points - hundredths, await levelsOf(tx));
    },
  };
}
