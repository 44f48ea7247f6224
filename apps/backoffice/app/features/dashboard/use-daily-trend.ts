import type { DailyReportRow } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { reportsKey } from '../reports/keys.ts';
import { lastDays } from '../reports/params.ts';
import { TREND_DAYS } from './trend-series.ts';

/**
 * The daily report of the last 30 UTC days (today included) for the dashboard's charts: one read of the
 * rollups (reports:read) as the dashboard opens. Past days do not move; today's point is the live tiles' row
 * (`withToday`), so pushes re-read the small tiles, never the 30 days. A new UTC day makes a new key.
 */
export function useDailyTrend(now: Date = new Date()) {
  const { from, to } = lastDays(TREND_DAYS, now);
  const query = useQuery({
    queryKey: [...reportsKey, 'trend', from, to],
    queryFn: async (): Promise<DailyReportRow[]> => (await api.reports.daily({ query: { from, to } })).data,
    staleTime: 60_000,
  });
  return { ...query, from, to };
}
