import type { PlayerRound } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { formatAmount, formatTime } from '../../lib/format.ts';
import { textOf } from '../../lib/url-state.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { columnHelper, DataTable } from '../../ui/data-table.tsx';
import { roundPath } from '../rounds/verdict.ts';
import { playerKey } from './keys.ts';

type Status = PlayerRound['status'];
const STATUSES: { value: Status; label: string; badge: string }[] = [
  { value: 'open', label: 'Open', badge: 'badge badge--warn' },
  { value: 'settled', label: 'Settled', badge: 'badge badge--ok' },
  { value: 'rolled_back', label: 'Rolled back', badge: 'badge' },
];
const statusOf = (raw: string | undefined): Status | undefined => STATUSES.find((s) => s.value === raw)?.value;

const col = columnHelper<PlayerRound>();
const columns = [
  col.accessor('createdAt', { header: 'Started (UTC)', cell: (info) => formatTime(info.getValue()) }),
  col.accessor('gameId', {
    header: 'Game',
    cell: (info) => <span title={info.getValue()}>{info.row.original.gameName ?? info.getValue()}</span>,
  }),
  col.accessor('bet', {
    header: 'Bet',
    cell: (info) => <span className="amount">{formatAmount(info.getValue(), info.row.original.currency)}</span>,
  }),
  col.accessor('win', {
    header: 'Win',
    cell: (info) => <span className="amount">{formatAmount(info.getValue(), info.row.original.currency)}</span>,
  }),
  col.accessor('status', {
    header: 'Status',
    cell: (info) => {
      const status = STATUSES.find((s) => s.value === info.getValue());
      return <span className={status?.badge ?? 'badge'}>{status?.label ?? info.getValue()}</span>;
    },
  }),
  col.accessor('settledAt', { header: 'Settled (UTC)', cell: (info) => formatTime(info.getValue()) }),
  col.accessor('providerRoundId', {
    header: 'Round',
    // The provider's id is what a provider's support asks for; the casino's id (provider:round) is in the title.
    // It opens the round's replay: movements, seeds and the verifier's verdict (decision 0121).
    cell: (info) => (
      <Link className="truncate" to={roundPath(info.row.original.roundId)} title={info.row.original.roundId}>
        {info.row.original.providerId} · {info.getValue()}
      </Link>
    ),
  }),
];

/** The player's game rounds, newest first, paged by the server, filtered by status and currency (in the address). */
export function Rounds({ playerId, currencies }: { playerId: string; currencies: string[] }) {
  const { params, page, perPage, set, setPage } = useUrlState();
  const currency = textOf(params, 'currency');
  const status = statusOf(textOf(params, 'status'));
  const list = useQuery({
    queryKey: [...playerKey(playerId), 'rounds', { page, perPage, status, currency }],
    queryFn: () => api.players.rounds({ params: { id: playerId }, query: { page, perPage, status, currency } }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="filters">
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
        caption="Game rounds, newest first"
        columns={columns}
        rows={list.data?.data}
        rowId={(row) => row.roundId}
        loading={list.isFetching}
        error={list.error ? problemOf(list.error).message : null}
        onRetry={() => list.refetch()}
        empty={status || currency ? 'No round matches these filters.' : 'No round played.'}
        meta={list.data?.meta}
        page={page}
        perPage={perPage}
        onPage={setPage}
      />
    </>
  );
}
