import type { BonusDefinition } from '@croupier/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { DefinitionDialog } from '../features/bonuses/definition-dialog.tsx';
import { IssueDialog } from '../features/bonuses/issue-dialog.tsx';
import { bonusKeys } from '../features/bonuses/keys.ts';
import { StatusBadge, type StatusChange, StatusDialog } from '../features/bonuses/status-dialog.tsx';
import { BonusTabs } from '../features/bonuses/tabs.tsx';
import { api } from '../lib/api.ts';
import { textOf } from '../lib/url-state.ts';
import { usePagedList } from '../lib/use-paged-list.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { columnHelper } from '../ui/data-table.tsx';
import { PagedTable } from '../ui/paged-table.tsx';
import { Permitted, useAllows } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'Bonuses · Croupier back office' }];

export default function Bonuses() {
  return (
    <Permitted permission="bonuses:write">
      <BonusDefinitions />
    </Permitted>
  );
}

const col = columnHelper<BonusDefinition>();
const KINDS = ['deposit', 'cash', 'freespins', 'cashback'] as const;
const STATUSES = ['current', 'active', 'paused', 'archived', 'all'] as const;
const kindOf = (v: string | undefined) => KINDS.find((k) => k === v);
const statusOf = (v: string | undefined) => STATUSES.find((s) => s === v) ?? 'current';

const summaryOf = (b: BonusDefinition): string => {
  if (b.kind === 'deposit') return `${b.depositPercentage} % of the deposit, ×${b.wagerMultiplier}`;
  if (b.kind === 'cashback') return `${b.depositPercentage} % of the net loss`;
  if (b.kind === 'freespins') return `${b.freeSpinCount} spins on ${b.freeSpinGame}, winnings ×${b.wagerMultiplier}`;
  const eur = b.amounts.EUR;
  return `${eur === undefined ? 'per currency' : `EUR ${eur}`}, ×${b.wagerMultiplier}`;
};

/** Bonus definitions (issue 27): server-paged, filters in the address, create, edit, pause, resume, archive. */
function BonusDefinitions() {
  const { params, page, perPage, set } = useUrlState();
  const allows = useAllows();
  const filters = {
    kind: kindOf(textOf(params, 'kind')),
    status: statusOf(textOf(params, 'status')),
    q: textOf(params, 'q'),
  };
  const query = { ...filters, page, perPage };
  const list = usePagedList(bonusKeys.list(query), query, (q) => api.bonuses.list({ query: q }));
  const [editing, setEditing] = useState<BonusDefinition | null>(null);
  const [creating, setCreating] = useState(false);
  const [issuing, setIssuing] = useState<BonusDefinition | null>(null);
  const [change, setChange] = useState<StatusChange | null>(null);

  const toggle = (b: BonusDefinition): StatusChange => ({
    title: `${b.enabled ? 'Pause' : 'Resume'} ${b.name}`,
    description: b.enabled
      ? 'Paused, it is neither offered nor issued. Bonuses already issued run on.'
      : 'Resumed, it is offered and issued again.',
    submitLabel: b.enabled ? 'Pause' : 'Resume',
    done: `${b.name}: ${b.enabled ? 'paused' : 'resumed'}.`,
    run: (reason) => api.bonuses.setEnabled({ params: { id: b.id }, body: { enabled: !b.enabled, reason } }),
  });
  const archive = (b: BonusDefinition): StatusChange => ({
    title: `Archive ${b.name}`,
    description: 'For good: never offered or issued again, its codes refused. Bonuses already issued run on.',
    submitLabel: 'Archive',
    danger: true,
    done: `${b.name}: archived.`,
    run: (reason) => api.bonuses.archive({ params: { id: b.id }, body: { reason } }),
  });

  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: 'Bonus',
        cell: (info) => (
          <>
            {info.getValue()}
            <br />
            <span className="muted">{info.row.original.identity}</span>
          </>
        ),
      }),
      col.accessor('kind', { header: 'Kind' }),
      col.display({ id: 'terms', header: 'Terms', cell: (info) => summaryOf(info.row.original) }),
      col.accessor('packageName', {
        header: 'Package',
        cell: (info) => (info.getValue() ? `${info.getValue()} (step ${info.row.original.packagePriority})` : '—'),
      }),
      col.accessor('status', { header: 'State', cell: (info) => <StatusBadge status={info.getValue()} /> }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const b = info.row.original;
          if (b.status === 'archived') return <span className="muted">—</span>;
          return (
            <span className="row-actions">
              <button
                type="button"
                className="button button--small"
                aria-label={`Edit ${b.name}`}
                onClick={() => setEditing(b)}
              >
                Edit…
              </button>
              <button
                type="button"
                className="button button--small"
                aria-label={`${b.enabled ? 'Pause' : 'Resume'} ${b.name}`}
                onClick={() => setChange(toggle(b))}
              >
                {b.enabled ? 'Pause…' : 'Resume…'}
              </button>
              {allows('bonuses:issue') && (b.kind === 'cash' || b.kind === 'freespins') && b.enabled && (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`Issue ${b.name} to players`}
                  onClick={() => setIssuing(b)}
                >
                  Issue…
                </button>
              )}
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={`Archive ${b.name}`}
                onClick={() => setChange(archive(b))}
              >
                Archive…
              </button>
            </span>
          );
        },
      }),
    ],
    [allows],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    set({
      q: String(form.get('q') ?? ''),
      kind: String(form.get('kind') ?? ''),
      status: String(form.get('status') ?? '') === 'current' ? null : String(form.get('status') ?? ''),
    });
  };
  const active = Boolean(filters.kind || filters.q || filters.status !== 'current');

  return (
    <>
      <header className="page-header">
        <h1>Bonuses</h1>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          New bonus…
        </button>
      </header>
      <BonusTabs current="definitions" />
      <form className="filters filters--grid" aria-label="Filter bonuses" onSubmit={submit} key={params.toString()}>
        <label className="filters__field">
          <span>Name or identity</span>
          <input name="q" type="search" defaultValue={filters.q ?? ''} autoComplete="off" />
        </label>
        <label className="filters__field">
          <span>Kind</span>
          <select name="kind" defaultValue={filters.kind ?? ''}>
            <option value="">Any</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
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
            <button
              type="button"
              className="button button--ghost"
              onClick={() => set({ q: null, kind: null, status: null })}
            >
              Clear
            </button>
          )}
        </div>
      </form>
      <PagedTable
        caption={active ? 'Bonuses matching the filters, newest first' : 'Bonuses, newest first'}
        columns={columns}
        list={list}
        rowId={(b) => b.id}
        empty={active ? 'No bonus matches these filters.' : 'No bonuses yet.'}
      />
      <DefinitionDialog
        open={creating || editing !== null}
        bonus={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <IssueDialog bonus={issuing} onClose={() => setIssuing(null)} />
      <StatusDialog change={change} onClose={() => setChange(null)} />
    </>
  );
}
