import { addMonths } from './dates.ts';

/** The shortest self-exclusion staff may apply (UKGC: at least 6 months; the contracts' STAFF_SELF_EXCLUSION_MIN_MONTHS). */
export const MIN_MONTHS = 6;

export type ExclusionLength = { months: number } | { until: string };

export interface ExclusionChoice {
  length: ExclusionLength | null;
  /** The field to show a refusal beside, and the words. */
  error: { field: 'months' | 'until'; message: string } | null;
  /** The UTC day it ends, to say before anyone confirms. */
  endsOn: string | null;
}

/**
 * What the self-exclusion form asks for: whole months (at least 6), or an end date at least 6 months away.
 * Checked in the page to say so before sending; the server checks again (its 422 is shown the same way).
 */
export function exclusionChoice(
  mode: 'months' | 'until',
  months: string,
  until: string,
  now = new Date(),
): ExclusionChoice {
  const earliest = addMonths(now, MIN_MONTHS);
  if (mode === 'months') {
    const n = Number(months);
    if (!/^\d+$/.test(months.trim()) || !Number.isInteger(n) || n < MIN_MONTHS || n > 1200) {
      return {
        length: null,
        error: { field: 'months', message: `Whole months, at least ${MIN_MONTHS}.` },
        endsOn: null,
      };
    }
    return { length: { months: n }, error: null, endsOn: addMonths(now, n) };
  }
  const day = until.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    return { length: null, error: { field: 'until', message: 'A date, YYYY-MM-DD.' }, endsOn: null };
  }
  if (day < earliest) {
    return {
      length: null,
      error: { field: 'until', message: `At least ${MIN_MONTHS} months away: ${earliest} or later.` },
      endsOn: null,
    };
  }
  return { length: { until: day }, error: null, endsOn: day };
}
