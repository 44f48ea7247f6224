// Period windows of cash limits in the player's time zone (decision 0039). A daily window is the player's
// local calendar day, a weekly one starts on Monday, a monthly one on the 1st, each at the first instant of
// that local date. On DST days the day simply has 23 or 25 hours; where local midnight does not exist (a
// zone that springs forward at 00:00) the day starts at the first local time that does.

export type CashPeriod = 'daily' | 'weekly' | 'monthly';
export const cashPeriods: readonly CashPeriod[] = ['daily', 'weekly', 'monthly'];

export interface Window {
  start: Date;
  end: Date;
}

interface LocalDate {
  year: number;
  month: number; // 1–12
  day: number;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A known IANA zone, or UTC: an unknown or empty profile value must not break a bet. */
export function zoneOrUtc(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatterOf(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function localDateOf(at: number, timeZone: string): LocalDate {
  const parts: Record<string, string> = {};
  for (const p of formatterOf(timeZone).formatToParts(at)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS[parts.weekday!]!,
  };
}

const ordinal = (d: { year: number; month: number; day: number }) => d.year * 10_000 + d.month * 100 + d.day;
const MINUTE = 60_000;
const starts = new Map<string, number>();

/**
 * The first instant whose local date (in `timeZone`) is `date` or later. Offsets lie within ±15 h of UTC
 * and change on whole minutes, so a binary search by minute over that span finds it (11 steps, cached).
 */
export function startOfLocalDate(date: { year: number; month: number; day: number }, timeZone: string): number {
  // Normalise (day 0, day 32, month 13) through UTC arithmetic first.
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const target = { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
  const key = `${timeZone}|${ordinal(target)}`;
  const cached = starts.get(key);
  if (cached !== undefined) return cached;
  let lo = (utc.getTime() - 15 * 3_600_000) / MINUTE; // local date surely before the target
  let hi = (utc.getTime() + 15 * 3_600_000) / MINUTE; // local date surely the target or later
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (ordinal(localDateOf(mid * MINUTE, timeZone)) >= ordinal(target)) hi = mid;
    else lo = mid;
  }
  if (starts.size > 10_000) starts.clear();
  starts.set(key, hi * MINUTE);
  return hi * MINUTE;
}

/** The window of `period` that contains `at`, in `timeZone`. */
export function windowOf(period: CashPeriod, at: Date, timeZone: string): Window {
  const zone = zoneOrUtc(timeZone);
  const local = localDateOf(at.getTime(), zone);
  let from: { year: number; month: number; day: number };
  let to: { year: number; month: number; day: number };
  if (period === 'daily') {
    from = local;
    to = { ...local, day: local.day + 1 };
  } else if (period === 'weekly') {
    from = { ...local, day: local.day - (local.weekday - 1) };
    to = { ...from, day: from.day + 7 };
  } else {
    from = { ...local, day: 1 };
    to = { year: local.year, month: local.month + 1, day: 1 };
  }
  return { start: new Date(startOfLocalDate(from, zone)), end: new Date(startOfLocalDate(to, zone)) };
}
