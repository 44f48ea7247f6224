import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobDefinition, SendJob } from '../../jobs/index.ts';
import type { Publisher } from '../../outbox/index.ts';
import type { BonusDeps } from '../bonus/index.ts';
import type { DepositSucceeded } from '../payment/index.ts';
import type { MayGainValue } from '../risk/index.ts';
import { type RatesSource, seededRates, siteSettingsOf } from '../settings/index.ts';
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
  // Quests (decision 0061) and loyalty (0059) follow the site settings' switches in force (issue 27): staff turn
  // them on and off at run time, so both are always made and their handlers skip events while switched off.
  const switchedOn = (feature: 'quests' | 'loyalty') => () => siteSettingsOf(config).features[feature];
  const quests = createQuests({ db, send, now, mayGainValue, ...(bonus ? { bonus } : {}) });
  handlers.push(whileOn(quests.handler, switchedOn('quests')));
  jobs.push(...quests.jobs);
  // Wheels (0060) always, their points prizes through loyalty.
  const loyalty = createLoyalty({ rates });
  handlers.push(whileOn(loyalty.handler, switchedOn('loyalty')));
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
      // A feature switched off answers as a route that does not exist (404), checked per request.
      await app.register(featureRoutes(switchedOn('loyalty'), (scoped) => loyaltyRoutes(scoped, { db })));
      await app.register(wheelRoutes, { deps: wheel.deps });
      await tournaments.routes(app);
      await app.register(featureRoutes(switchedOn('quests'), quests.routes));
      // The back office's editors (issue 27): quests, tournaments, wheels, loyalty.
      await app.register(retentionEditorRoutes, { db, now, scheduleEnd: tournaments.scheduleEnd });
    },
  };
}

/** A handler that does nothing with events delivered while its feature is switched off. */
function whileOn(handler: RetentionHandler, on: () => boolean): RetentionHandler {
  const { name, handle, handlePage, afterCommit } = handler;
  return {
    name,
    ...(handle && { handle: async (tx, delivered) => void (on() && (await handle(tx, delivered))) }),
    ...(handlePage && { handlePage: async (tx, page) => void (on() && (await handlePage(tx, page))) }),
    ...(afterCommit && { afterCommit: async (delivered) => void (on() && (await afterCommit(delivered))) }),
  };
}

/**
 * A feature's routes in a scope of their own whose first hook (before authentication) answers the app's 404
 * while the feature is switched off: the same answer as before the switch could change at run time.
 */
function featureRoutes(on: () => boolean, routes: (app: FastifyInstance) => Promise<void>) {
  return async (scoped: FastifyInstance) => {
    scoped.addHook('onRequest', async (_request, reply) => {
      if (!on()) return reply.callNotFound();
    });
    await routes(scoped);
  };
}
