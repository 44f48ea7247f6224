import type { AuditEntry } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { formatTime, shortId } from '../../lib/format.ts';
import { columnHelper, DataTable } from '../../ui/data-table.tsx';
import { StaffName } from '../../ui/staff-name.tsx';

export interface AuditFilters {
  playerId?: string | undefined;
  staffId?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

const col = columnHelper<AuditEntry>();
const columns = [
  col.accessor('seq', { header: 'Seq' }),
  col.accessor('at', { header: 'Time (UTC)', cell: (info) => formatTime(info.getValue()) }),
  col.accessor('staffId', {
    header: 'Staff',
    cell: (info) => {
      const id = info.getValue();
      return id ? (
        <Link to={`/audit?staffId=${id}`}>
          <StaffName id={id} />
        </Link>
      ) : (
        '—'
      );
    },
  }),
  col.accessor('action', { header: 'Action', cell: (info) => <code>{info.getValue()}</code> }),
  col.accessor((row) => (row.targetType ? `${row.targetType} ${row.targetId ?? ''}` : null), {
    id: 'target',
    header: 'Target',
    cell: (info) => <span title={info.getValue() ?? undefined}>{shortId(info.getValue(), 24)}</span>,
  }),
  col.accessor('playerId', {
    header: 'Player',
    cell: (info) => {
      const id = info.getValue();
      return id ? (
        <Link to={`/players/${id}`} title={id}>
          {shortId(id)}
        </Link>
      ) : (
        '—'
      );
    },
  }),
  col.accessor('reason', { header: 'Reason', cell: (info) => info.getValue() ?? '—' }),
  col.accessor('result', {
    header: 'Result',
    cell: (info) => (
      <span className={`badge ${info.getValue() === 'denied' ? 'badge--danger' : 'badge--ok'}`}>{info.getValue()}</span>
    ),
  }),
  col.display({
    id: 'change',
    header: 'Change',
    cell: (info) => {
      const { before, after } = info.row.original;
      if ((before === null || before === undefined) && (after === null || after === undefined)) return '—';
      return (
        <details className="change">
          <summary>Before / after</summary>
          <div className="change__body">
            <div>
              <p className="change__label">Before</p>
              <pre>{json(before)}</pre>
            </div>
            <div>
              <p className="change__label">After</p>
              <pre>{json(after)}</pre>
            </div>
          </div>
        </details>
      );
    },
  }),
  col.accessor('hash', {
    header: 'Hash',
    cell: (info) => (
      <code title={`hash ${info.getValue()}\nprevious ${info.row.original.prevHash}`}>
        {shortId(info.getValue(), 10)}
      </code>
    ),
  }),
];

/** Audit rows, newest first, paged by the server. Each filter is part of the query key. */
export function AuditTable({
  filters,
  page,
  perPage,
  onPage,
  onFieldErrors,
}: {
  filters: AuditFilters;
  page: number;
  perPage: number;
  onPage: (page: number, perPage: number) => void;
  onFieldErrors?: (fields: Record<string, string>) => void;
}) {
  const list = useQuery({
    queryKey: ['audit', { ...filters, page, perPage }],
    queryFn: async () => {
      try {
        const answer = await api.audit.list({ query: { ...filters, page, perPage } });
        onFieldErrors?.({});
        return answer;
      } catch (error) {
        onFieldErrors?.(problemOf(error).fields);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      caption="Audit log, newest first"
      columns={columns}
      rows={list.data?.data}
      rowId={(row) => String(row.seq)}
      loading={list.isFetching}
      error={list.error ? problemOf(list.error).message : null}
      onRetry={() => list.refetch()}
      empty="No audit row matches."
      meta={list.data?.meta}
      page={page}
      perPage={perPage}
      onPage={onPage}
    />
  );
}
