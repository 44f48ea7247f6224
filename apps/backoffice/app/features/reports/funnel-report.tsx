import type { FunnelRow } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { formatCount } from '../../lib/format.ts';
import { columnHelper } from '../../ui/data-table.tsx';
import { CsvLink } from './csv-link.tsx';
import { formatHours, formatPercent } from './figures.ts';
import { reportKey } from './keys.ts';
import type { RangeFilters } from './params.ts';
import { Num, NumHeading, ReportTable } from './report-table.tsx';

const col = columnHelper<FunnelRow>();
const columns = [
  col.accessor('date', { header: 'Registered (UTC day)', cell: (info) => info.getValue().slice(0, 10) }),
  col.accessor('registrations', {
    header: () => <NumHeading>Registrations</NumHeading>,
    cell: (info) => <Num value={info.getValue()} text={formatCount(info.getValue())} />,
  }),
  col.accessor('deposited', {
    header: () => <NumHeading>Deposited since</NumHeading>,
    cell: (info) => <Num value={info.getValue()} text={formatCount(info.getValue())} />,
  }),
  col.accessor('conversion', {
    header: () => <NumHeading>Conversion</NumHeading>,
    cell: (info) => <Num value={null} text={formatPercent(info.getValue())} />,
  }),
  col.accessor('medianHoursToDeposit', {
    header: () => <NumHeading>Median time to deposit</NumHeading>,
    cell: (info) => <Num value={null} text={formatHours(info.getValue())} />,
  }),
];

/** Registration → first deposit (§8): per day of registration, player counts only (no amount to mix). */
export function FunnelReport({ range }: { range: RangeFilters }) {
  const query = range;
  const list = useQuery({
    queryKey: reportKey('funnel', query),
    queryFn: () => api.reports.funnel({ query }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="report-toolbar">
        <p className="muted report-toolbar__note">
          Players by the day they registered, and how many of them have deposited since.
        </p>
        <CsvLink report="funnel" name="funnel" query={query} />
      </div>
      <ReportTable
        caption={`Registration to first deposit, ${range.from} to ${range.to}${range.currency ? `, ${range.currency}` : ''}`}
        columns={columns}
        list={list}
        rowId={(row) => row.date}
        empty="No registration in this range."
      />
    </>
  );
}
