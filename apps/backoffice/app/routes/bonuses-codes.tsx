import type { BonusCodeDefinition } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { CodeDialog } from '../features/bonuses/code-dialog.tsx';
import { bonusKeys } from '../features/bonuses/keys.ts';
import { StatusBadge, type StatusChange, StatusDialog } from '../features/bonuses/status-dialog.tsx';
import { BonusTabs } from '../features/bonuses/tabs.tsx';
import { api } from '../lib/api.ts';
import { textOf } from '../lib/url-state.ts';
import { usePagedList } from '../lib/use-paged-list.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { columnHelper } from '../ui/data-table.tsx';
import { PagedTable } from '../ui/paged-table.tsx';
import { Permitted } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'Bonus codes · Croupier back office' }];

export default function BonusCodes() {
  return (
    <Permitted permission="bonuses:write">
      <Codes />
    </Permitted>
  );
}

const col = columnHelper<BonusCodeDefinition>();
const STATUSES = ['current', 'active', 'paused', 'archived', 'all'] as const;
const statusOf = (v: string | undefined) => STATUSES.find((s) => s === v) ?? 'current';
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '…');

const limitsOf = (c: BonusCodeDefinition) => {
  const parts = [`${c.uses}${c.maxUses === null ? '' : ` of ${c.maxUses}`} used`];
  if (c.maxUsesPerPeriod !== null) parts.push(`${c.maxUsesPerPeriod} per ${c.periodHours} h`);
  if (c.validFrom || c.validTo) parts.push(`${when(c.validFrom)} – ${when(c.validTo)}`);
  return parts.join('; ');
};

/** Bonus codes (issue 27): server-paged, filters in the address; create, edit, pause, resume, archive. */
function Codes() {
  const { params, page, perPage, set } = useUrlState();
  const filters = { status: statusOf(textOf(params, 'status')), q: textOf(params, 'q') };
  const query = { ...filters, page, perPage };
  const list = usePagedList(bonusKeys.codes(query), query, (q) => api.bonuses.codes({ query: q }));
  // The bonuses a code may name: the current ones (the first hundred, newest first).
  const choices = useQuery({
    queryKey: bonusKeys.choices,
    queryFn: () => api.bonuses.list({ query: { perPage: 100, status: 'current' } }),
  });
  const [editing, setEditing] = useState<BonusCodeDefinition | null>(null);
  const [creating, setCreating] = useState(false);
  const [change, setChange] = useState<StatusChange | null>(null);

  const columns = useMemo(
    () => [
      col.accessor('code', { header: 'Code', cell: (info) => <code>{info.getValue()}</code> }),
      col.accessor('bonusName', { header: 'Bonus' }),
      col.accessor('triggers', {
        header: 'Used',
        cell: (info) =>
          info
            .getValue()
            .map((t) => (t === 1 ? 'at once' : 'with a deposit'))
            .join(', '),
      }),
      col.display({ id: 'limits', header: 'Uses and limits', cell: (info) => limitsOf(info.row.original) }),
      col.accessor('status', { header: 'State', cell: (info) => <StatusBadge status={info.getValue()} /> }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const c = info.row.original;
          if (c.status === 'archived') return <span className="muted">—</span>;
          return (
            <span className="row-actions">
              <button
                type="button"
                className="button button--small"
                aria-label={`Edit ${c.code}`}
                onClick={() => setEditing(c)}
              >
                Edit…
              </button>
              <button
                type="button"
                className="button button--small"
                aria-label={`${c.enabled ? 'Pause' : 'Resume'} ${c.code}`}
                onClick={() =>
                  setChange({
                    title: `${c.enabled ? 'Pause' : 'Resume'} ${c.code}`,
                    description: c.enabled
                      ? 'Paused, new applications answer “not available”. Bonuses already issued run on.'
                      : 'Resumed, players may apply it again.',
                    submitLabel: c.enabled ? 'Pause' : 'Resume',
                    done: `${c.code}: ${c.enabled ? 'paused' : 'resumed'}.`,
                    run: (reason) =>
                      api.bonuses.setCodeEnabled({ params: { code: c.code }, body: { enabled: !c.enabled, reason } }),
                  })
                }
              >
                {c.enabled ? 'Pause…' : 'Resume…'}
              </button>
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={`Archive ${c.code}`}
                onClick={() =>
                  setChange({
                    title: `Archive ${c.code}`,
                    description: 'For good: refused from now on, kept with its history. Issued bonuses run on.',
                    submitLabel: 'Archive',
                    danger: true,
                    done: `${c.code}: archived.`,
                    run: (reason) => api.bonuses.archiveCode({ params: { code: c.code }, body: { reason } }),
                  })
                }
              >
                Archive…
              </button>
            </span>
          );
        },
      }),
    ],
    [],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const status = String(form.get('status') ?? '');
    set({ q: String(form.get('q') ?? ''), status: status === 'current' ? null : status });
  };
  const active = Boolean(filters.q || filters.status !== 'current');

  return (
    <>
      <header className="page-header">
        <h1>Bonus codes</h1>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          New code…
        </button>
      </header>
      <BonusTabs current="codes" />
      <form className="filters filters--grid" aria-label="Filter codes" onSubmit={submit} key={params.toString()}>
        <label className="filters__field">
          <span>Code</span>
          <input name="q" type="search" defaultValue={filters.q ?? ''} autoComplete="off" />
        </label>
        <label className="filters__field">
          <span>State</span>
          <select name="status" defaultValue={filters.status}>
            <option value="current">Active and paused</option>
            <option value="active">Active</option>
            <option value="paused">Paused</option>
            <option value="archived">Archived</option>
            <option value="all">All</option>
          </select>
        </label>
        <div className="filters__buttons">
          <button type="submit" className="button button--primary">
            Filter
          </button>
          {active && (
            <button type="button" className="button button--ghost" onClick={() => set({ q: null, status: null })}>
              Clear
            </button>
          )}
        </div>
      </form>
      <PagedTable
        caption={active ? 'Codes matching the filters, newest first' : 'Codes, newest first'}
        columns={columns}
        list={list}
        rowId={(c) => c.code}
        empty={active ? 'No code matches these filters.' : 'No codes yet.'}
      />
      <CodeDialog
        open={creating || editing !== null}
        code={editing}
        bonuses={choices.data?.data ?? []}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <StatusDialog change={change} onClose={() => setChange(null)} />
    </>
  );
}
