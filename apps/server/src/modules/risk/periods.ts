import { CoolingOffPeriod, SelfExclusionPeriod } from '@croupier/contracts/reference/index';

// How long a cooling-off or a self-exclusion lasts, by the period ids of /api/settings/constants.
// Days are exact 24-hour spans (a cooling-off of 24 h is 24 h, DST or not); months and years are calendar
// ones counted in UTC. 'forever' never ends.

const DAY = 86_400_000;

const spans: Record<string, { days?: number; months?: number } | null> = {
  [CoolingOffPeriod.day]: { days: 1 },
  [CoolingOffPeriod.week]: { days: 7 },
  [CoolingOffPeriod.month]: { days: 30 },
  [CoolingOffPeriod.sixWeeks]: { days: 42 },
  [SelfExclusionPeriod.sixMonths]: { months: 6 },
  [SelfExclusionPeriod.oneYear]: { months: 12 },
  [SelfExclusionPeriod.threeYears]: { months: 36 },
  [SelfExclusionPeriod.fiveYears]: { months: 60 },
  [SelfExclusionPeriod.forever]: null,
};

/** When an exclusion of `period` started at `from` ends; null for a permanent one. */
export function exclusionEnd(period: string, from: Date): Date | null {
  const span = spans[period];
  if (span === undefined) throw new RangeError(`Unknown exclusion period ${period}`);
  if (span === null) return null;
  if (span.days) return new Date(from.getTime() + span.days * DAY);
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + (span.months ?? 0));
  return end;
}

/** Whether ending at `b` is at least as long as ending at `a` (null: never ends). */
export const lastsAtLeast = (b: Date | null, a: Date | null): boolean =>
  b === null || (a !== null && b.getTime() >= a.getTime());

/** The delay before an increase or a removal of a cash limit takes effect, and before a reopened account opens. */
export const COOLING_DELAY_MS = DAY;
