import type { StaffPlayerSession } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { formatTime } from '../../lib/format.ts';
import { columnHelper, DataTable } from '../../ui/data-table.tsx';
import { playerKey } from './keys.ts';

const col = columnHelper<StaffPlayerSession>();
const columns = [
  col.accessor('createdAt', { header: 'Started (UTC)', cell: (info) => formatTime(info.getValue()) }),
  col.accessor('lastSeenAt', { header: 'Last seen (UTC)', cell: (info) => formatTime(info.getValue()) }),
  col.accessor('ip', { header: 'Address', cell: (info) => info.getValue() ?? '—' }),
  col.accessor('country', { header: 'Country', cell: (info) => info.getValue() ?? '—' }),
  col.accessor('userAgent', {
    header: 'Browser',
    cell: (info) => (
      <span className="truncate" title={info.getValue() ?? undefined}>
        {info.getValue() ?? '—'}
      </span>
    ),
  }),
  col.accessor('closedAt', {
    header: 'Ended (UTC)',
    cell: (info) =>
      info.getValue() ? (
        `${formatTime(info.getValue())}${info.row.original.closedReason ? ` · ${info.row.original.closedReason}` : ''}`
      ) : (
        <span className="badge badge--ok">open</span>
      ),
  }),
];

export function Sessions({ playerId }: { playerId: string }) {
  const list = useQuery({
    queryKey: [...playerKey(playerId), 'sessions'],
    queryFn: async () => (await api.players.sessions({ params: { id: playerId } })).data,
  });
  return (
    <DataTable
      caption="Sessions, newest first"
      columns={columns}
      rows={list.data}
      rowId={(row) => row.id}
      loading={list.isFetching}
      error={list.error ? problemOf(list.error).message : null}
      onRetry={() => list.refetch()}
      empty="No session."
    />
  );
}
