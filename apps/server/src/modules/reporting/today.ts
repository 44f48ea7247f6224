import type { DailyReportRow } from '@croupier/contracts';
import { notifyCommitted } from '../../outbox/index.ts';
import { collect, JSON_PAGE } from './queries/pages.ts';
import { dailyRows, type ReportDeps } from './rows.ts';

/** The UTC day of `at` (YYYY-MM-DD): the reports' days (§1). */
export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Today's rows of the daily report (the dashboard's `today` tile): one per currency with activity since 00:00
 * UTC, read from `daily_figures` by its primary key, so the tile moves as the rollups do.
 */
export const todayFigures = (deps: ReportDeps, now = new Date()): Promise<DailyReportRow[]> => {
  const day = utcDayOf(now);
  return collect(dailyRows(deps, { from: day, to: day }, JSON_PAGE));
};

export interface TodayAnnouncerOptions {
  /** Writes the `dashboard.changed` event of the `today` tile (app.ts: the staff face's announceDashboardChange). */
  announce: () => Promise<void>;
  /** At most one announcement per this many ms (default 1000), and always one after the last change. */
  intervalMs?: number;
  now?: () => Date;
  log?: { error(obj: unknown, msg: string): void };
}

export interface TodayAnnouncer {
  /** After a page of events committed: announces when one of `days` (UTC, YYYY-MM-DD) is today. Never throws. */
  touched(days: Iterable<string>): void;
  /** Cancels a pending announcement and waits for one being written (app close). */
  stop(): Promise<void>;
}

/**
 * Tells the dashboards that today's figures moved, after the reporting consumer committed them (so a re-read
 * finds them). Throttled: a busy bet path applies many pages a second, and staff sockets get at most one
 * `dashboard.changed` per interval — the first at once, the rest folded into one at the interval's end, so the
 * last change is always announced. The event carries no figures (decision 0110): a dashboard reads them again.
 */
export function createTodayAnnouncer({
  announce,
  intervalMs = 1000,
  now = () => new Date(),
  log,
}: TodayAnnouncerOptions): TodayAnnouncer {
  let last = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;

  const fire = () => {
    timer = null;
    last = now().getTime();
    writing = writing
      .then(announce)
      .then(notifyCommitted)
      .catch((error) => log?.error({ err: error }, 'dashboard announcement of today failed'));
  };

  return {
    touched(days) {
      if (stopped || timer) return;
      const today = utcDayOf(now());
      if (![...days].includes(today)) return;
      const wait = last + intervalMs - now().getTime();
      if (wait <= 0) fire();
      else {
        timer = setTimeout(fire, wait);
        timer.unref?.();
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await writing;
    },
  };
}
