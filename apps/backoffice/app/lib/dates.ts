/**
 * Dates staff type (a follow-up, a self-exclusion's end) as the API takes them. Days are UTC days, like every
 * time the back office shows (backoffice-api.md §1).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` of a date input → the start of that UTC day as ISO 8601; undefined when blank or malformed. */
export function dayToIso(day: string | null | undefined): string | undefined {
  const text = day?.trim();
  if (!text || !DAY.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? undefined : date.toISOString();
}

/** The UTC day `months` calendar months after `from` (clamped to the month's last day: 31 Aug + 6 → 28/29 Feb). */
export function addMonths(from: Date, months: number): string {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), last);
  return new Date(Date.UTC(y, m, day)).toISOString().slice(0, 10);
}

/** Today as a UTC day, for a date input's `min`. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

/** Whether the follow-up day has come (UTC), for a row that says "due". */
export const isDue = (iso: string | null | undefined, now = new Date()): boolean =>
  !!iso && new Date(iso).getTime() <= now.getTime();
