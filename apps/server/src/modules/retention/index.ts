import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobDefinition, SendJob } from '../../jobs/index.ts';
import type { Publisher } from '../../outbox/index.ts';
import type { BonusDeps } from '../bonus/index.ts';
import type { DepositSucceeded } from '../payment/index.ts';
import type { MayGainValue } from '../risk/index.ts';
import { type RatesSource, seededRates } from '../settings/index.ts';
import type { MoneyRule } from '../wallet/index.ts';
import { retentionEditorRoutes } from './backoffice-routes.ts';
import { decidedRoundsHandler } from './decided.ts';
import { createRetentionConsumer, depositEvents, type RetentionHandler, retentionEventsRule } from './events.ts';
import { createLoyalty, loyaltyRoutes } from './loyalty/index.ts';
import { createQuests } from './quests/index.ts';
import { type RealStakeListener, realStakeHandler } from './stakes.ts';
import { createTournaments } from './tournaments/index.ts';
import { createWheel, wheelRoutes } from './wheel/index.ts';

// The retention module as the app sees it (decision 0058): loyalty, quests, tournaments and the wheel of
// fortune, fed by the money path's and payments' events through the outbox. Each feature lives in its own
// folder and adds its handler, jobs and routes here; other modules call this index, never its tables.

export { campaignNames, type RetentionCampaignKind } from './campaign-names.ts';
export {
  type Delivered,
  RETENTION_CHANNEL,
  type RetentionEvent,
  type RetentionHandler,
  reportProfileCompleted,
  retentionEventsRule,
} from './events.ts';
export { seedLoyalty } from './loyalty/index.ts';
export { seedQuests } from './quests/index.ts';
export type { RealStake, RealStakeListener } from './stakes.ts';
export { seedTournaments } from './tournaments/index.ts';
export { seedWheels } from './wheel/index.ts';

export interface RetentionOptions {
  config: Config;
  db: Db;
  /** Queues a job on the app's queue (pass `in` to send inside an open transaction). */
  send: SendJob;
  now?: () => Date;
  /** The bonus engine: quest rewards, wheel sectors and tournament places that are a bonus definition. */
  bonus?: BonusDeps;
  /** Currency rates (tournament stakes in the base currency); default: the seeded table. */
  rates?: RatesSource;
  /** The risk module's one exclusion check (decision 0092): the wheel, quests and tournaments ask it. */
  mayGainValue: MayGainValue;
}

export interface RetentionModule {
  /**
   * Runs in every seamless movement: adds the movement's retention event to the movement's own statement.
   * Null when no retention feature is on (then movements carry no retention event at all).
   */
  rule: MoneyRule | null;
  /** The payment module's hook: reports successful deposits inside the credit's transaction. */
  onDeposit: DepositSucceeded;
  /** The outbox publisher (internal channel) that applies events to every feature. */
  consumer: Publisher;
  /** Jobs for the app's queue (tournament results, quest deadlines, wheel spins). */
  jobs: JobDefinition<never>[];
  /**
   * Tells `listener` once, in the consumer's transaction, each time a round of a player becomes final (its
   * stakes can no longer be rolled back, decision 0093), so they count (decision 0077: the referral
   * programme's qualification). Nothing is told while retention is off (RETENTION_ENABLED=false).
   */
  onRealStake(listener: RealStakeListener): void;
  /** Called once the app's queue runs (schedules recurring jobs). */
  start(): Promise<void>;
  routes(app: FastifyInstance): Promise<void>;
}

export function createRetentionModule({
  config,
  db,
  send,
  now = () => new Date(),
  rates = seededRates(),
  bonus,
  mayGainValue,
}: RetentionOptions): RetentionModule {
  // Each feature, when on, adds its handler, its jobs and its routes.
  const handlers: RetentionHandler[] = [];
  const jobs: JobDefinition<never>[] = [];
  const tournaments = createTournaments({ config, db, send, rates, now, mayGainValue, ...(bonus ? { bonus } : {}) });
  handlers.push(tournaments.handler);
  jobs.push(tournaments.job as JobDefinition<never>);
  // Quests (decision 0061): only with QUESTS_ENABLED (routes answer 404 otherwise).
  const quests = config.QUESTS_ENABLED
    ? createQuests({ db, send, now, mayGainValue, ...(bonus ? { bonus } : {}) })
    : null;
  if (quests) {
    handlers.push(quests.handler);
    jobs.push(...quests.jobs);
  }
  // Loyalty (decision 0059) with LOYALTY_ENABLED; wheels (0060) always, their points prizes through loyalty.
  const loyalty = createLoyalty({ rates });
  if (config.LOYALTY_ENABLED) handlers.push(loyalty.handler);
  const wheel = createWheel({ db, now, rates, award: loyalty.award, mayGainValue, ...(bonus ? { bonus } : {}) });
  handlers.push(wheel.handler);
  // Other modules' stake listeners (referrals), handed in by the app after this module is made.
  const stakeListeners: RealStakeListener[] = [];
  handlers.push(realStakeHandler(stakeListeners));
  // Last: a decided round's per-bet rows go (decision 0093: nothing of it can be rolled back any more).
  handlers.push(decidedRoundsHandler());
  // RETENTION_ENABLED=false (the retention bench's baseline): no handler, so no event and no consumer work.
  if (!config.RETENTION_ENABLED) handlers.length = 0;
  return {
    rule: handlers.length > 0 ? retentionEventsRule() : null,
    onDeposit: depositEvents(now),
    consumer: createRetentionConsumer(db, handlers),
    jobs,
    onRealStake(listener) {
      stakeListeners.push(listener);
    },
    async start() {
      await tournaments.start();
    },
    async routes(app) {
      if (config.LOYALTY_ENABLED) await app.register(loyaltyRoutes, { db });
      await app.register(wheelRoutes, { deps: wheel.deps });
      await tournaments.routes(app);
      if (quests) await quests.routes(app);
      // The back office's editors (issue 27): quests, tournaments, wheels, loyalty.
      await app.register(retentionEditorRoutes, { db, now, scheduleEnd: tournaments.scheduleEnd });
    },
  };
}
