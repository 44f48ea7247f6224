import type { LedgerRow } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { formatAmount, formatTime, shortId } from '../../lib/format.ts';
import { textOf } from '../../lib/url-state.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { columnHelper, DataTable } from '../../ui/data-table.tsx';
import { playerKey } from './keys.ts';

const col = columnHelper<LedgerRow>();
const columns = [
  col.accessor('createdAt', { header: 'Time (UTC)', cell: (info) => formatTime(info.getValue()) }),
  col.accessor('type', { header: 'Type' }),
  col.accessor('amount', {
    header: 'Amount',
    cell: (info) => (
      <span className={info.getValue() < 0 ? 'amount amount--debit' : 'amount'}>
        {formatAmount(info.getValue(), info.row.original.currency, true)}
      </span>
    ),
  }),
  col.accessor('balanceAfter', {
    header: 'Balance after',
    cell: (info) => formatAmount(info.getValue(), info.row.original.currency),
  }),
  col.accessor('reference', {
    header: 'Reference',
    cell: (info) => <span title={info.getValue() ?? undefined}>{shortId(info.getValue(), 12)}</span>,
  }),
];

/** The player's ledger movements, newest first, paged by the server, filtered by currency (in the address). */
export function Transactions({ playerId, currencies }: { playerId: string; currencies: string[] }) {
  const { params, page, perPage, set, setPage } = useUrlState();
  const currency = textOf(params, 'currency');
  const list = useQuery({
    queryKey: [...playerKey(playerId), 'transactions', { page, perPage, currency }],
    queryFn: () => api.players.transactions({ params: { id: playerId }, query: { page, perPage, currency } }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="filters">
        <label className="filters__field">
          <span>Currency</span>
          <select value={currency ?? ''} onChange={(event) => set({ currency: event.target.value })}>
            <option value="">Every currency</option>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        caption="Transactions, newest first"
        columns={columns}
        rows={list.data?.data}
        rowId={(row) => row.id}
        loading={list.isFetching}
        error={list.error ? problemOf(list.error).message : null}
        onRetry={() => list.refetch()}
        empty="No transaction."
        meta={list.data?.meta}
        page={page}
        perPage={perPage}
        onPage={setPage}
      />
    </>
  );
}
