import { createHash } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import type { JobDefinition, SendJob } from '../../../jobs/index.ts';
import { reconcile } from './run.ts';

// The nightly reconciliation (decision 0121): each UTC day is reconciled once it is over, shortly after
// midnight, on the app's job queue (decision 0054); the job for a day queues the next day's. One job per day
// across instances and restarts (its id comes from the day). A day missed while no instance ran is reconciled
// by hand (POST /api/backoffice/reports/reconciliation).

export interface ReconcileDay {
  /** The UTC day to reconcile, YYYY-MM-DD. */
  day: string;
}

const DAY_MS = 86_400_000;
/** After midnight UTC: the day is over (and the outbox has long delivered its last movements). */
const AFTER_MIDNIGHT_MS = 15 * 60_000;

export const RECONCILE_JOB = 'reporting-reconcile';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** A UUID from the day: the same day's job has the same id on every instance. */
function jobIdOf(day: string): string {
  const h = createHash('sha256').update(`${RECONCILE_JOB}:${day}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function createReconcileJob(db: Db, send: SendJob) {
  /** Queues the reconciliation of `day`, due when the day is over (a second queueing adds nothing). */
  const schedule = (day: string) =>
    send(
      job,
      { day },
      { id: jobIdOf(day), startAfter: new Date(Date.parse(`${nextDay(day)}T00:00:00Z`) + AFTER_MIDNIGHT_MS) },
    );
  const job: JobDefinition<ReconcileDay> = {
    name: RECONCILE_JOB,
    retryLimit: 3,
    async handle({ day }) {
      // A retry after a crash runs again: one more run row, the same findings (a run changes nothing else).
      await reconcile(db, { from: day, to: day });
      await schedule(nextDay(day));
    },
  };
  return {
    job,
    /** Called once the queue runs: queues today's reconciliation (a no-op when it is queued already). */
    start: (now: Date) => schedule(now.toISOString().slice(0, 10)),
  };
}
