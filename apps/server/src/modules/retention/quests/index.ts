import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { JobDefinition, SendJob } from '../../../jobs/index.ts';
import type { BonusDeps } from '../../bonus/index.ts';
import { type MayGainValue, noExclusionCheck } from '../../risk/index.ts';
import type { RetentionHandler } from '../events.ts';
import type { ExpiryData, QuestDeps } from './deps.ts';
import { expire } from './lifecycle.ts';
import { questHandler } from './progress.ts';
import { questRoutes } from './routes.ts';

// Quests as the retention module sees them (decision 0061): a handler for its consumer, the deadline job,
// the routes. `seedQuests` is the demo's data.

export { expire as expirePlayerQuest } from './lifecycle.ts';
export { seedQuests } from './seed.ts';

export interface Quests {
  deps: QuestDeps;
  handler: RetentionHandler;
  jobs: JobDefinition<never>[];
  routes(app: FastifyInstance): Promise<void>;
}

export function createQuests(input: {
  db: Db;
  send: SendJob;
  now?: () => Date;
  bonus?: BonusDeps;
  /** The exclusion check; without it every activation and claim is refused (fails closed). */
  mayGainValue?: MayGainValue;
}): Quests {
  const expiry: JobDefinition<ExpiryData> = {
    name: 'retention-quest-expiry',
    retryLimit: 5,
    handle: async (data) => void (await expire(deps, data)),
  };
  const deps: QuestDeps = {
    db: input.db,
    now: input.now ?? (() => new Date()),
    send: input.send,
    expiry,
    bonus: input.bonus,
    mayGainValue: input.mayGainValue ?? noExclusionCheck,
  };
  return {
    deps,
    handler: questHandler(deps.now),
    jobs: [expiry as JobDefinition<never>],
    routes: (app) => questRoutes(app, { deps }),
  };
}
