import type { DailyReportRow } from '@croupier/contracts';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { addDays, daysIn } from '../reports/params.ts';

/**
 * The dashboard's 30-day trends (issue 28), drawn per currency from the daily report's rows: one chart never
 * mixes two currencies, so a currency is chosen and every day of the range is a point (0 on a quiet day).
 */

export interface TrendPoint {
  date: string;
  ggr: number;
  deposits: number;
  withdrawals: number;
  activePlayers: number;
}

/** How many days the dashboard's charts show, today included. */
export const TREND_DAYS = 30;

/**
 * The 30 days with today's rows taken from the live tiles (`DashboardTiles.today`, re-read on every push)
 * rather than from the report read when the dashboard opened; the report's own rows of today until the tiles
 * have come.
 */
export function withToday(
  rows: readonly DailyReportRow[],
  today: readonly DailyReportRow[] | undefined,
  day: string,
): DailyReportRow[] {
  if (!today) return [...rows];
  return [...rows.filter((r) => r.date.slice(0, 10) !== day), ...today.filter((r) => r.date.slice(0, 10) === day)];
}

/** The currencies with activity in the rows, the busiest (most days with a row) first, then by code. */
export function trendCurrencies(rows: readonly Pick<DailyReportRow, 'currency'>[]): string[] {
  const days = new Map<string, number>();
  for (const row of rows) days.set(row.currency, (days.get(row.currency) ?? 0) + 1);
  return [...days.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([currency]) => currency);
}

/** One point per UTC day from `from` to `to` in one currency; a day without a row is zero. */
export function trendSeries(rows: readonly DailyReportRow[], currency: string, from: string, to: string): TrendPoint[] {
  const byDay = new Map(rows.filter((r) => r.currency === currency).map((r) => [r.date.slice(0, 10), r]));
  const count = Math.max(0, daysIn(from, to));
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(from, i);
    const row = byDay.get(date);
    return {
      date,
      ggr: row?.ggr ?? 0,
      deposits: row?.deposits ?? 0,
      withdrawals: row?.withdrawals ?? 0,
      activePlayers: row?.activePlayers ?? 0,
    };
  });
}

type Figure = Exclude<keyof TrendPoint, 'date'>;

/**
 * A sentence a screen reader reads instead of the drawing: the range, the highest and lowest day and the last
 * day's figure (`currency` null for counts).
 */
export function trendSummary(points: readonly TrendPoint[], figure: Figure, label: string, currency: string | null) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `${label}: no data.`;
  const show = (n: number) => (currency ? formatAmount(n, currency) : formatCount(n));
  let high = first;
  let low = first;
  for (const p of points) {
    if (p[figure] > high[figure]) high = p;
    if (p[figure] < low[figure]) low = p;
  }
  return (
    `${label}, ${first.date} to ${last.date}: highest ${show(high[figure])} on ${high.date}, ` +
    `lowest ${show(low[figure])} on ${low.date}, latest ${show(last[figure])} on ${last.date}.`
  );
}

/** A day's label on the axis: `03-14` (the year is in the title). */
export const axisDay = (date: string): string => date.slice(5, 10);
