import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { drizzleSql } from '../../../db/lean-sql.ts';
import type { JobDefinition, SendJob } from '../../../jobs/index.ts';
import type { BonusDeps } from '../../bonus/index.ts';
import { type MayGainValue, noExclusionCheck } from '../../risk/index.ts';
import type { RatesSource } from '../../settings/index.ts';
import type { RetentionHandler } from '../events.ts';
import { createCatalog } from './catalog.ts';
import { END_GRACE_MS, type FinishData, finishTournament, scheduleEnd } from './finish.ts';
import { tournamentHandler } from './handler.ts';
import { createLive, type Live } from './live.ts';
import { postgresRanking, type Ranking } from './ranking.ts';
import { redisRanking } from './ranking-redis.ts';
import { tournamentRoutes } from './routes.ts';
import type { TournamentRow } from './rules.ts';
import { tournaments } from './schema.ts';

/** A job id (pg-boss takes UUIDs) for the tournament's end at this time: the same end queues one job. */
function endJobId(row: TournamentRow): string {
  const hex = createHash('sha256').update(`${row.id}:${row.endAt.toISOString()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

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
  /** The editor's: queues the end job for the row's end (one job per end: a moved end gets its own). */
  scheduleEnd(tx: Db, row: TournamentRow): Promise<void>;
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
    async scheduleEnd(tx, row) {
      await o.send(
        job,
        { tournamentId: row.id },
        { id: endJobId(row), startAfter: new Date(row.endAt.getTime() + END_GRACE_MS), in: drizzleSql(tx) },
      );
    },
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
