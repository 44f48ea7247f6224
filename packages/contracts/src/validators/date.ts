/** A calendar day without time or zone; dates are UTC instants per api-contract §1.5. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export const MIN_DATE_YEAR = 1000;
export const MAX_DATE_YEAR = 3000;

// Month and day may be unpadded (spec §5 "YYYY-M-D"); the year is always four digits.
const DATE_PATTERN = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export const daysInMonth = (year: number, month: number): number => {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
};

/**
 * Parses `YYYY-M-D`. Anything after the first space is ignored so the server's
 * `YYYY-MM-DD HH:mm:ss` form is read as its day (api-contract §1.5).
 */
export function parseDateString(value: string): CalendarDate | null {
  const space = value.indexOf(' ');
  const match = DATE_PATTERN.exec(space === -1 ? value : value.slice(0, space));
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) return null;
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Milliseconds since the epoch for any accepted date form, or null when the value is not a valid date. */
export function toTimestamp(value: unknown): number | null {
  if (typeof value === 'number') {
    // A number is a JS timestamp; beyond ±8.64e15 ms Date itself cannot represent it.
    return Number.isFinite(value) && !Number.isNaN(new Date(value).getTime()) ? value : null;
  }
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? null : time;
  }
  if (typeof value === 'string') {
    const date = parseDateString(value);
    return date ? Date.UTC(date.year, date.month - 1, date.day) : null;
  }
  return null;
}

export const isValidDate = (value: unknown): boolean => toTimestamp(value) !== null;

/** The UTC calendar day of any accepted date form. */
export function toCalendarDate(value: unknown): CalendarDate | null {
  if (typeof value === 'string') return parseDateString(value);
  const time = toTimestamp(value);
  if (time === null) return null;
  const date = new Date(time);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Negative, zero or positive like a sort comparator; null when either side is not a valid date. */
export function compareDates(a: unknown, b: unknown): number | null {
  const left = toTimestamp(a);
  const right = toTimestamp(b);
  if (left === null || right === null) return null;
  return Math.sign(left - right);
}

/**
 * Whole years from `birth` to `now`, counted on the calendar so a birthday is reached on its day,
 * not after 365.25 days. A 29 February birthday is reached on 1 March in common years.
 */
export function wholeYearsSince(birth: unknown, now: Date): number | null {
  const from = toCalendarDate(birth);
  const to = toCalendarDate(now);
  if (!from || !to) return null;
  const beforeBirthday = to.month < from.month || (to.month === from.month && to.day < from.day);
  return to.year - from.year - (beforeBirthday ? 1 : 0);
}
