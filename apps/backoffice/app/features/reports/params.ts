import { REPORT_MAX_DAYS } from '@croupier/contracts/backoffice/reports';

/**
 * A report's filters in the address (decision 0109): `?from=&to=` (UTC days, both included), `?currency=`,
 * and per tab `?order=`, `?limit=`, `?outside=1`. A malformed value falls back to its default rather than
 * break the screen; a range the API would refuse is said before anything is asked (`rangeProblem`).
 */

export const REPORT_TABS = ['daily', 'games', 'players', 'bonus', 'funnel', 'reconciliation'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** The range a report opens with: the last 30 UTC days, today included. */
export const DEFAULT_DAYS = 30;

export const PLAYER_ORDERS = ['losers', 'winners'] as const;
export type PlayerOrder = (typeof PLAYER_ORDERS)[number];
export const PLAYER_LIMITS = [10, 25, 50, 100] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z0-9]{3,5}$/;
const MS_PER_DAY = 86_400_000;

/** A real calendar day `YYYY-MM-DD`, or undefined (2025-02-30 is not one). */
export function dayOf(raw: string | null | undefined): string | undefined {
  const text = raw?.trim();
  if (!text || !DAY.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? undefined : text;
}

/** The UTC day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * MS_PER_DAY).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included (1 for one day). */
export const daysIn = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY) + 1;

export const todayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** The last `days` UTC days up to today, both ends included. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = todayOf(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** A currency code as the API takes it (upper case), or undefined (every currency). */
export function currencyOf(raw: string | null | undefined): string | undefined {
  const text = raw?.trim().toUpperCase();
  return text && CURRENCY.test(text) ? text : undefined;
}

export interface RangeFilters {
  from: string;
  to: string;
  currency?: string | undefined;
}

/**
 * The range of the address. A missing `to` is today; a missing `from` is 30 days before `to`, so `?to=` alone
 * still shows a month.
 */
export function rangeOf(params: URLSearchParams, now: Date = new Date()): RangeFilters {
  const to = dayOf(params.get('to')) ?? todayOf(now);
  const from = dayOf(params.get('from')) ?? addDays(to, -(DEFAULT_DAYS - 1));
  const currency = currencyOf(params.get('currency'));
  return currency ? { from, to, currency } : { from, to };
}

/** Why the API would refuse the range (ReportRange), in the screen's words; null when it is fine. */
export function rangeProblem({ from, to }: { from: string; to: string }): string | null {
  if (to < from) return '“To” is before “From”: choose a range that runs forward.';
  if (daysIn(from, to) > REPORT_MAX_DAYS) return `A report covers at most ${REPORT_MAX_DAYS} days: shorten the range.`;
  return null;
}

export function tabOf(raw: string | null): ReportTab {
  return (REPORT_TABS as readonly (string | null)[]).includes(raw) ? (raw as ReportTab) : 'daily';
}

export interface PlayersFilters extends RangeFilters {
  order: PlayerOrder;
  limit: number;
}

/** The top winners / losers query: `?order=winners` (default losers) and `?limit=` of 10, 25, 50, 100. */
export function playersFiltersOf(params: URLSearchParams, now: Date = new Date()): PlayersFilters {
  const order: PlayerOrder = params.get('order') === 'winners' ? 'winners' : 'losers';
  const raw = Number(params.get('limit'));
  const limit = (PLAYER_LIMITS as readonly number[]).includes(raw) ? raw : 25;
  return { ...rangeOf(params, now), order, limit };
}

/** The RTP monitor shows only the games outside their interval with `?outside=1`. */
export const outsideOnlyOf = (params: URLSearchParams): boolean => params.get('outside') === '1';
