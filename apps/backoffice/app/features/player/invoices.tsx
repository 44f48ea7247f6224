import type { PlayerInvoice } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { formatAmount, formatTime, shortId } from '../../lib/format.ts';
import { textOf } from '../../lib/url-state.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { columnHelper, DataTable } from '../../ui/data-table.tsx';
import { playerKey } from './keys.ts';

type Type = PlayerInvoice['type'];
type Status = PlayerInvoice['status'];
const TYPES: { value: Type; label: string }[] = [
  { value: 'deposit', label: 'Deposit' },
  { value: 'withdrawal', label: 'Withdrawal' },
];
const STATUSES: { value: Status; label: string; badge: string }[] = [
  { value: 'pending', label: 'Pending', badge: 'badge badge--warn' },
  { value: 'success', label: 'Success', badge: 'badge badge--ok' },
  { value: 'failure', label: 'Failed', badge: 'badge badge--danger' },
];
const typeOf = (raw: string | undefined): Type | undefined => TYPES.find((t) => t.value === raw)?.value;
const statusOf = (raw: string | undefined): Status | undefined => STATUSES.find((s) => s.value === raw)?.value;

const col = columnHelper<PlayerInvoice>();
const columns = [
  col.accessor('createdAt', { header: 'Created (UTC)', cell: (info) => formatTime(info.getValue()) }),
  col.accessor('type', {
    header: 'Type',
    cell: (info) => TYPES.find((t) => t.value === info.getValue())?.label ?? info.getValue(),
  }),
  col.accessor('amount', {
    header: 'Amount',
    cell: (info) => <span className="amount">{formatAmount(info.getValue(), info.row.original.currency)}</span>,
  }),
  col.accessor('method', { header: 'Method' }),
  col.accessor('status', {
    header: 'Status',
    cell: (info) => {
      const status = STATUSES.find((s) => s.value === info.getValue());
      const result = info.row.original.statusResult;
      // The payment module's detail (declined, canceled, …) when it says more than the status.
      const detail = result && result !== info.getValue() && result !== 'pending' ? ` · ${result}` : '';
      return (
        <>
          <span className={status?.badge ?? 'badge'}>{status?.label ?? info.getValue()}</span>
          {detail}
        </>
      );
    },
  }),
  col.accessor('updatedAt', { header: 'Updated (UTC)', cell: (info) => formatTime(info.getValue()) }),
  col.accessor('reference', {
    header: 'Reference',
    cell: (info) => <span title={info.getValue()}>{shortId(info.getValue(), 16)}</span>,
  }),
  col.accessor('id', {
    header: 'Invoice',
    cell: (info) => <span title={info.getValue()}>{shortId(info.getValue())}</span>,
  }),
];

/** The player's deposits and withdrawals, newest first, paged by the server, filtered by type and status. */
export function Invoices({ playerId }: { playerId: string }) {
  const { params, page, perPage, set, setPage } = useUrlState();
  const type = typeOf(textOf(params, 'type'));
  const status = statusOf(textOf(params, 'status'));
  const list = useQuery({
    queryKey: [...playerKey(playerId), 'invoices', { page, perPage, type, status }],
    queryFn: () => api.players.invoices({ params: { id: playerId }, query: { page, perPage, type, status } }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="filters">
        <label className="filters__field">
          <span>Type</span>
          <select value={type ?? ''} onChange={(event) => set({ type: event.target.value })}>
            <option value="">Deposits and withdrawals</option>
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label className="filters__field">
          <span>Status</span>
          <select value={status ?? ''} onChange={(event) => set({ status: event.target.value })}>
            <option value="">Every status</option>
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        caption="Invoices, newest first"
        columns={columns}
        rows={list.data?.data}
        rowId={(row) => row.id}
        loading={list.isFetching}
        error={list.error ? problemOf(list.error).message : null}
        onRetry={() => list.refetch()}
        empty={type || status ? 'No invoice matches these filters.' : 'No deposit or withdrawal.'}
        meta={list.data?.meta}
        page={page}
        perPage={perPage}
        onPage={setPage}
      />
    </>
  );
}
