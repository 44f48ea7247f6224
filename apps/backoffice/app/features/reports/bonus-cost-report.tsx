import type { BonusCostRow, CampaignKind } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { columnHelper } from '../../ui/data-table.tsx';
import { CsvLink } from './csv-link.tsx';
import { reportKey } from './keys.ts';
import type { RangeFilters } from './params.ts';
import { Num, NumHeading, ReportTable } from './report-table.tsx';

const KINDS: Record<CampaignKind, string> = {
  bonus: 'Bonus',
  free_spins: 'Free spins',
  cashback: 'Cashback',
  quest: 'Quest',
  wheel: 'Wheel',
  tournament: 'Tournament',
  referral: 'Referral',
};

const col = columnHelper<BonusCostRow>();
const columns = [
  col.accessor('kind', { header: 'Kind', cell: (info) => KINDS[info.getValue()] ?? info.getValue() }),
  col.accessor('name', {
    header: 'Campaign',
    cell: (info) => <span title={info.row.original.campaignId ?? undefined}>{info.getValue()}</span>,
  }),
  col.accessor('currency', { header: 'Currency' }),
  col.accessor('cost', {
    header: () => <NumHeading>Cost</NumHeading>,
    cell: (info) => <Num value={info.getValue()} text={formatAmount(info.getValue())} />,
  }),
  col.accessor('players', {
    header: () => <NumHeading>Players</NumHeading>,
    cell: (info) => <Num value={info.getValue()} text={formatCount(info.getValue())} />,
  }),
];

/** Bonus cost per campaign and currency (§8): real money that left the house as a promotion. */
export function BonusCostReport({ range }: { range: RangeFilters }) {
  const list = useQuery({
    queryKey: reportKey('bonus-cost', range),
    queryFn: () => api.reports.bonusCost({ query: range }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="report-toolbar">
        <p className="muted report-toolbar__note">
          Conversions of bonus money and real-money prizes; bonus money still wagering costs nothing yet.
        </p>
        <CsvLink report="bonusCost" name="bonus-cost" query={range} />
      </div>
      <ReportTable
        caption={`Bonus cost per campaign, ${range.from} to ${range.to}${range.currency ? `, ${range.currency}` : ''}`}
        columns={columns}
        list={list}
        rowId={(row) => `${row.kind}-${row.campaignId ?? row.name}-${row.currency}`}
        empty="No bonus cost in this range."
      />
    </>
  );
}
