import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { JobDefinition, SendJob } from '../../../jobs/index.ts';
import type { BonusDeps } from '../../bonus/index.ts';
import { type MayGainValue, noExclusionCheck } from '../../risk/index.ts';
import type { RatesSource } from '../../settings/index.ts';
import type { RetentionHandler } from '../events.ts';
import { createCatalog } from './catalog.ts';
import { type FinishData, finishTournament, scheduleEnd } from './finish.ts';
import { tournamentHandler } from './handler.ts';
import { createLive, type Live } from './live.ts';
import { postgresRanking, type Ranking } from './ranking.ts';
import { redisRanking } from './ranking-redis.ts';
import { tournamentRoutes } from './routes.ts';
import { tournaments } from './schema.ts';

// Tournaments as the retention module sees them (issue 13 §4, decision 0063): a handler for the consumer,
// the end job, routes, and a start that queues every open tournament's end and syncs the live ranking.

export { defineTournament, type PrizeDefinition, type TournamentDefinition } from './define.ts';
export { type FinishData, finishTournament } from './finish.ts';
export { seedTournaments } from './seed.ts';

export interface TournamentsOptions {
  config: Config;
  db: Db;
  send: SendJob;
  rates: RatesSource;
  now: () => Date;
  /** The bonus engine: prizes that are a bonus definition. */
  bonus?: BonusDeps;
  /**
   * The risk module's exclusion check (decision 0092): no participation, and no prize paid to a winner it
   * refuses at the end. Without it every participation is refused and every prize forfeited (fails closed).
   */
  mayGainValue?: MayGainValue;
  /** Redis key prefix of the live rankings (tests use one per test). */
  redisPrefix?: string;
  /** Minimum time between two publications of one tournament's leaderboard. */
  publishIntervalMs?: number;
}

export interface TournamentsFeature {
  handler: RetentionHandler;
  job: JobDefinition<FinishData>;
  ranking: Ranking;
  live: Live;
  start(): Promise<void>;
  routes(app: FastifyInstance): Promise<void>;
}

export function createTournaments(o: TournamentsOptions): TournamentsFeature {
  const ranking = o.config.REDIS_URL
    ? redisRanking(o.db, o.config.REDIS_URL, o.redisPrefix ?? `${o.config.REALTIME_REDIS_PREFIX}retention:`)
    : postgresRanking(o.db);
  const live = createLive(o.db, ranking, o.publishIntervalMs);
  const job: JobDefinition<FinishData> = {
    name: 'retention-tournament-end',
    // Retries while the consumer catches up with the last bets (backoff): generous on purpose.
    retryLimit: 30,
    handle: async (data) => void (await finishTournament(deps, data.tournamentId)),
  };
  const mayGainValue = o.mayGainValue ?? noExclusionCheck;
  const deps = { db: o.db, now: o.now, send: o.send, job, mayGainValue, ...(o.bonus ? { bonus: o.bonus } : {}) };
  return {
    handler: tournamentHandler({
      catalog: createCatalog(o.now, (tx, row) => scheduleEnd(deps, row, tx)),
      rates: o.rates,
      changed: live.changed,
    }),
    job,
    ranking,
    live,
    async start() {
      const open = await o.db.select().from(tournaments).where(eq(tournaments.status, 'scheduled'));
      for (const row of open) {
        await scheduleEnd(deps, row);
        if (row.startAt <= o.now()) await ranking.sync(row.id, row.endAt).catch(() => {});
      }
    },
    async routes(app) {
      app.addHook('onClose', async () => {
        live.stop();
        await ranking.close();
      });
      await app.register(tournamentRoutes, { db: o.db, now: o.now, ranking, live, mayGainValue });
    },
  };
}
