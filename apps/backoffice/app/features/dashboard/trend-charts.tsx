import type { DailyReportRow } from '@croupier/contracts';
import { type ReactElement, useId, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { SimpleTable } from '../../ui/simple-table.tsx';
import { axisDay, type TrendPoint, trendSeries, trendSummary } from './trend-series.ts';

/**
 * The dashboard's 30-day trends in one currency (issue 28), drawn with Recharts (decision 0121: a maintained
 * React library over D3's maths, SVG out, with a keyboard layer). This module is its own chunk, loaded after the
 * tiles (`React.lazy` in routes/dashboard.tsx), so the first paint never waits for the drawing code.
 *
 * Each chart is a figure with a title, a sentence that says what it shows (read instead of the drawing) and a
 * "Show the figures" table; the drawing takes focus and its tooltip follows the arrow keys (Recharts'
 * accessibility layer). Series differ by colour (≥ 3:1 on white) and by dash or shape, never colour alone.
 */

const INK = '#111827';
const GRID = '#d1d5db';
const BLUE = '#1d4ed8';
const GREEN = '#166534';
const RED = '#b91c1c';
const TICK = { fill: '#374151', fontSize: 11 };

export default function TrendCharts({
  rows,
  currency,
  from,
  to,
}: {
  rows: readonly DailyReportRow[];
  currency: string;
  from: string;
  to: string;
}) {
  const points = trendSeries(rows, currency, from, to);
  const money = (n: number) => formatAmount(n, currency);
  return (
    <div className="charts">
      <TrendFigure
        title={`GGR per day, ${currency}`}
        summary={trendSummary(points, 'ggr', 'GGR', currency)}
        points={points}
        columns={[{ key: 'ggr', label: 'GGR', show: money }]}
      >
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 4 }} title={`GGR per day, ${currency}`}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
          <XAxis dataKey="date" tickFormatter={axisDay} tick={TICK} stroke={INK} minTickGap={16} />
          <YAxis tick={TICK} stroke={INK} width={64} tickFormatter={(n: number) => formatCount(n)} />
          <ReferenceLine y={0} stroke={INK} />
          <Tooltip formatter={(value) => money(Number(value))} labelFormatter={(day) => `${day} (UTC)`} />
          <Line
            type="linear"
            dataKey="ggr"
            name="GGR"
            stroke={BLUE}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </TrendFigure>
      <TrendFigure
        title={`Deposits and withdrawals per day, ${currency}`}
        summary={`${trendSummary(points, 'deposits', 'Deposits', currency)} ${trendSummary(points, 'withdrawals', 'Withdrawals', currency)}`}
        points={points}
        columns={[
          { key: 'deposits', label: 'Deposits', show: money },
          { key: 'withdrawals', label: 'Withdrawals', show: money },
        ]}
      >
        <LineChart
          data={points}
          margin={{ top: 8, right: 12, bottom: 0, left: 4 }}
          title={`Deposits and withdrawals per day, ${currency}`}
        >
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
          <XAxis dataKey="date" tickFormatter={axisDay} tick={TICK} stroke={INK} minTickGap={16} />
          <YAxis tick={TICK} stroke={INK} width={64} tickFormatter={(n: number) => formatCount(n)} />
          <Tooltip formatter={(value) => money(Number(value))} labelFormatter={(day) => `${day} (UTC)`} />
          <Legend wrapperStyle={{ color: INK }} />
          <Line
            type="linear"
            dataKey="deposits"
            name="Deposits"
            stroke={GREEN}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="linear"
            dataKey="withdrawals"
            name="Withdrawals"
            stroke={RED}
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </TrendFigure>
      <TrendFigure
        title={`Active players per day, ${currency}`}
        summary={trendSummary(points, 'activePlayers', 'Active players', null)}
        points={points}
        columns={[{ key: 'activePlayers', label: 'Active players', show: formatCount }]}
      >
        <BarChart
          data={points}
          margin={{ top: 8, right: 12, bottom: 0, left: 4 }}
          title={`Active players per day, ${currency}`}
        >
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={axisDay} tick={TICK} stroke={INK} minTickGap={16} />
          <YAxis tick={TICK} stroke={INK} width={40} allowDecimals={false} />
          <Tooltip
            formatter={(value) => formatCount(Number(value))}
            labelFormatter={(day) => `${day} (UTC)`}
            cursor={{ fill: '#e5e7eb' }}
          />
          <Bar dataKey="activePlayers" name="Active players" fill={BLUE} isAnimationActive={false} />
        </BarChart>
      </TrendFigure>
    </div>
  );
}

interface Column {
  key: Exclude<keyof TrendPoint, 'date'>;
  label: string;
  show: (n: number) => string;
}

/** A chart with its title, its sentence and its figures as a table on demand. */
function TrendFigure({
  title,
  summary,
  points,
  columns,
  children,
}: {
  title: string;
  summary: string;
  points: TrendPoint[];
  columns: Column[];
  children: ReactElement;
}) {
  const id = useId();
  const [table, setTable] = useState(false);
  return (
    <figure className="chart" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <figcaption className="chart__header">
        {/* The figure's name, not a heading: the section's heading ("Last 30 days") is the landmark to jump to. */}
        <span id={`${id}-title`} className="chart__title">
          {title}
        </span>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-expanded={table}
          aria-controls={`${id}-table`}
          onClick={() => setTable((shown) => !shown)}
        >
          {table ? 'Hide the figures' : 'Show the figures'}
        </button>
      </figcaption>
      <div className="chart__drawing">
        <ResponsiveContainer width="100%" height={200}>
          {children}
        </ResponsiveContainer>
      </div>
      <p id={`${id}-summary`} className="chart__summary">
        {summary}
      </p>
      <div id={`${id}-table`} hidden={!table}>
        {table && (
          <SimpleTable
            caption={title}
            headers={['Day (UTC)', ...columns.map((c) => c.label)]}
            empty="No day in range."
            rows={[...points].reverse().map((p) => ({
              key: p.date,
              cells: [p.date, ...columns.map((c) => c.show(p[c.key]))],
            }))}
          />
        )}
      </div>
    </figure>
  );
}
