import type { DailyReportRow } from '@croupier/contracts';
import { lazy, Suspense, useEffect } from 'react';
import { problemOf } from '../../lib/errors.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { Segmented } from '../../ui/segmented.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { currencyOf } from '../reports/params.ts';
import { trendCurrencies, withToday } from './trend-series.ts';
import { useDailyTrend } from './use-daily-trend.ts';

// The drawing code (Recharts, some 130 kB gzipped) is a chunk of its own: asked for as the section mounts, in
// parallel with the report's read, and never before the tiles' first paint.
const loadCharts = () => import('./trend-charts.tsx');
const TrendCharts = lazy(loadCharts);

/**
 * The last 30 days as charts (issue 28, reports:read), one currency at a time (`?trend=`, the busiest by
 * default), never summed across currencies. `today`: the live tiles' rows, today's point.
 */
export function Trends({ today }: { today: readonly DailyReportRow[] | undefined }) {
  const trend = useDailyTrend();
  const { params, set } = useUrlState();
  useEffect(() => {
    void loadCharts();
  }, []);
  const rows = trend.data ? withToday(trend.data, today, trend.to) : undefined;
  const currencies = rows ? trendCurrencies(rows) : [];
  const asked = currencyOf(params.get('trend'));
  const currency = asked && currencies.includes(asked) ? asked : currencies[0];
  return (
    <section aria-labelledby="trend-heading" className="dashboard-section">
      <div className="dashboard-section__header">
        <h2 id="trend-heading">
          Last 30 days{currency ? `, ${currency}` : ''}{' '}
          <span className="muted">
            ({trend.from} to {trend.to}, UTC)
          </span>
        </h2>
        {currencies.length > 1 && currency && (
          <Segmented
            legend="Currency of the charts"
            options={currencies.map((c) => ({ value: c, label: c }))}
            value={currency}
            onChange={(next) => set({ trend: next === currencies[0] ? null : next }, true)}
          />
        )}
      </div>
      {trend.error && !rows ? (
        <p className="form-message" role="alert">
          {problemOf(trend.error).message}
        </p>
      ) : !rows ? (
        <Skeleton lines={6} label="Loading the charts" />
      ) : !currency ? (
        <p className="muted">No activity in the last 30 days.</p>
      ) : (
        <Suspense fallback={<Skeleton lines={6} label="Loading the charts" />}>
          <TrendCharts rows={rows} currency={currency} from={trend.from} to={trend.to} />
        </Suspense>
      )}
    </section>
  );
}
