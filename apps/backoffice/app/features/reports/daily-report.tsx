import type { DailyReportRow } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api.ts';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { columnHelper } from '../../ui/data-table.tsx';
import { CsvLink } from './csv-link.tsx';
import { convertedHeading, convertedNote } from './figures.ts';
import { reportKey } from './keys.ts';
import type { RangeFilters } from './params.ts';
import { Num, NumHeading, ReportTable } from './report-table.tsx';

const col = columnHelper<DailyReportRow>();

type Money = 'deposits' | 'withdrawals' | 'bets' | 'wins' | 'ggr' | 'bonusCost' | 'ngr';
type Count = 'activePlayers' | 'newPlayers' | 'firstDeposits';

const money = (key: Money, header: string) =>
  col.accessor(key, {
    header: () => <NumHeading>{header}</NumHeading>,
    cell: (info) => <Num value={info.getValue()} text={formatAmount(info.getValue())} />,
  });
const count = (key: Count, header: string) =>
  col.accessor(key, {
    header: () => <NumHeading>{header}</NumHeading>,
    cell: (info) => <Num value={info.getValue()} text={formatCount(info.getValue())} />,
  });

/** A converted figure: its own column, naming its currency and rate day (in the heading, or in the cell). */
/** "NGR in EUR, rates of 2026-03-01" on two lines, the comma kept for screen readers. */
function ConvertedHeading({ text }: { text: string }) {
  const [figure, rates] = text.split(', rates of ');
  return (
    <span className="num">
      {figure}
      {rates && (
        <>
          <span className="visually-hidden">, </span>
          <span className="converted__rates">rates of {rates}</span>
        </>
      )}
    </span>
  );
}

const converted = (key: 'ggr' | 'ngr', header: string, shared: boolean) =>
  col.display({
    id: `converted-${key}`,
    header: () => <ConvertedHeading text={header} />,
    cell: ({ row }) => {
      const c = row.original.converted;
      if (!c)
        return (
          <span className="muted" title="No rate is known for this currency">
            —
          </span>
        );
      return (
        <span className="converted">
          <Num value={c[key]} text={formatAmount(c[key], shared ? null : c.currency)} />
          {!shared && <span className="muted converted__note">{convertedNote(c)}</span>}
        </span>
      );
    },
  });

export function dailyColumns(rows: readonly DailyReportRow[]) {
  const ggrHeading = convertedHeading('GGR', rows);
  const shared = ggrHeading.includes(', rates of ');
  return [
    col.accessor('date', {
      header: 'Day (UTC)',
      cell: (info) => <span className="nowrap">{info.getValue().slice(0, 10)}</span>,
    }),
    col.accessor('currency', { header: 'Currency' }),
    money('deposits', 'Deposits'),
    money('withdrawals', 'Withdrawals'),
    money('bets', 'Bets'),
    money('wins', 'Wins'),
    money('ggr', 'GGR'),
    money('bonusCost', 'Bonus cost'),
    money('ngr', 'NGR'),
    count('activePlayers', 'Active'),
    count('newPlayers', 'New'),
    count('firstDeposits', 'First deposits'),
    converted('ggr', ggrHeading, shared),
    converted('ngr', convertedHeading('NGR', rows), shared),
  ];
}

/**
 * The daily financial report (§8): a row per UTC day and currency, newest first as the API answers. Real money
 * only: `GGR = bets − wins`, `NGR = GGR − bonus cost`. The EUR columns are conversions at one day's rates, a
 * separate figure, never a total across currencies.
 */
export function DailyReport({ range }: { range: RangeFilters }) {
  const list = useQuery({
    queryKey: reportKey('daily', range),
    queryFn: () => api.reports.daily({ query: range }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data;
  const columns = useMemo(() => dailyColumns(rows ?? []), [rows]);
  return (
    <>
      <div className="report-toolbar">
        <p className="muted report-toolbar__note">
          Amounts in each row’s currency, real money; never added across currencies.
        </p>
        <CsvLink report="daily" name="daily" query={range} />
      </div>
      <ReportTable
        caption={`Daily figures, ${range.from} to ${range.to}${range.currency ? `, ${range.currency}` : ''}`}
        columns={columns}
        list={list}
        rowId={(row) => `${row.date}-${row.currency}`}
        empty="No activity in this range."
      />
    </>
  );
}
