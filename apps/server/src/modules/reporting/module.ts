import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobDefinition, SendJob } from '../../jobs/index.ts';
import type { Publisher } from '../../outbox/index.ts';
import type { RatesSource } from '../settings/index.ts';
import { createReportingConsumer } from './consumer.ts';
import { createReconcileJob } from './reconcile/job.ts';
import { reconcileRoutes } from './reconcile/routes.ts';
import { reportingRoutes } from './routes.ts';
import { createTodayAnnouncer } from './today.ts';

// The reports (issue 28, decision 0121): rollups kept by an outbox consumer of the money path's events, and the
// back office's report routes reading them. app.ts adds the consumer (unless REPORTS_ENABLED is false), the
// routes and the jobs.

export interface ReportingOptions {
  config: Config;
  db: Db;
  /** The reports' reads: rollups that tolerate a second of lag, on the read replica (decision 0119). Default `db`. */
  readDb?: Db;
  rates: RatesSource;
  /** The app's job queue (the nightly reconciliation); without it, reconciliation runs only when asked. */
  send?: SendJob;
  /**
   * Tells the back office's dashboard that today's figures moved (the staff module's announcer, handed in by
   * app.ts: the staff dashboard reads this module, so this module must not import it). Throttled to 1/s here.
   */
  announceToday?: () => Promise<void>;
  log?: FastifyBaseLogger;
}

export interface ReportingModule {
  /** The internal outbox publisher that keeps the rollups; null when the reports are off. */
  consumer: Publisher | null;
  routes(app: FastifyInstance): Promise<void>;
  jobs: JobDefinition<never>[];
  /** Called once the app's job queue runs. */
  start(): Promise<void>;
  /** Ends the dashboard announcer's timer. */
  stop(): void;
}

export function createReportingModule(options: ReportingOptions): ReportingModule {
  const { config, db, rates, send, announceToday, log } = options;
  const readDb = options.readDb ?? db;
  // Reconciliation (decision 0121): every night, yesterday's rollups against the ledger.
  const today = announceToday ? createTodayAnnouncer({ announce: announceToday, ...(log ? { log } : {}) }) : null;
  const nightly = config.REPORTS_ENABLED && send ? createReconcileJob(db, send) : null;
  return {
    consumer: config.REPORTS_ENABLED
      ? createReportingConsumer(db, { afterCommit: (days) => today?.touched(days) })
      : null,
    async routes(app) {
      await reportingRoutes(app, { db: readDb, rates });
      // Reconciliation writes its result and reads it back: the primary.
      await reconcileRoutes(app, { db });
    },
    jobs: nightly ? [nightly.job as JobDefinition<never>] : [],
    async start() {
      await nightly?.start(new Date());
    },
    stop: () => today?.stop(),
  };
}
