import type { QuestEditorView, TournamentEditorView, WheelEditorView } from '@croupier/contracts';
import { type FormEvent, useMemo } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { textOf } from '../../lib/url-state.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { columnHelper } from '../../ui/data-table.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { retentionKeys } from './keys.ts';
import { StatusBadge } from './kit.tsx';

// The lists of quests, tournaments and wheels: paged on the server, the status and the search in the address.

type Status = 'all' | 'active' | 'paused' | 'archived';
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'archived', label: 'Archived' },
] as const;
const statusOf = (value: string | undefined): Status =>
  value === 'active' || value === 'paused' || value === 'archived' ? value : 'all';

function useListQuery() {
  const { params, page, perPage, set } = useUrlState();
  const status = statusOf(textOf(params, 'status'));
  const q = textOf(params, 'q');
  const query = { page, perPage, ...(status === 'all' ? {} : { status }), ...(q ? { q } : {}) };
  return { query, status, q, set };
}

function Filters({ label, status, q, set }: ReturnType<typeof useListQuery> & { label: string }) {
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    set({ q: String(new FormData(event.currentTarget).get('q') ?? '') });
  };
  return (
    <div className="filters">
      <Segmented
        legend={`${label} by status`}
        options={STATUS_OPTIONS}
        value={status}
        onChange={(next) => set({ status: next === 'all' ? null : next })}
      />
      <form aria-label={`Search ${label.toLowerCase()}`} onSubmit={search} className="filters filters--inline">
        <label htmlFor={`${label}-search`} className="visually-hidden">
          Search {label.toLowerCase()} by name or identity
        </label>
        <input id={`${label}-search`} name="q" type="search" defaultValue={q ?? ''} placeholder="Name or identity" />
        <button type="submit" className="button">
          Search
        </button>
      </form>
    </div>
  );
}

function Header({ id, title, to, action }: { id: string; title: string; to: string; action: string }) {
  return (
    <div className="page-header">
      <h2 id={id}>{title}</h2>
      <Link className="button button--primary" to={to}>
        {action}
      </Link>
    </div>
  );
}

const quest = columnHelper<QuestEditorView>();
export function QuestsList() {
  const state = useListQuery();
  const list = usePagedList(retentionKeys.list('quests', state.query), state.query, (query) =>
    api.retentionQuests.list({ query }),
  );
  const columns = useMemo(
    () => [
      quest.accessor('name', {
        header: 'Quest',
        cell: (info) => (
          <>
            <Link to={`/retention/quests/${info.row.original.id}`}>{info.getValue()}</Link>
            <br />
            <span className="muted">{info.row.original.identity}</span>
          </>
        ),
      }),
      quest.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
      quest.accessor((q) => q.tasks.length, {
        id: 'tasks',
        header: 'Tasks',
        cell: (info) => <span className="num">{info.getValue()}</span>,
      }),
      quest.accessor('runsInFlight', {
        header: 'Runs in flight',
        cell: (info) => <span className="num">{info.getValue()}</span>,
      }),
      quest.accessor('availableTo', {
        header: 'Offered until',
        cell: (info) => (info.getValue() ? `${formatTime(info.getValue()!)} UTC` : '—'),
      }),
    ],
    [],
  );
  return (
    <section className="panel" aria-labelledby="quests-heading">
      <Header id="quests-heading" title="Quests" to="/retention/quests/new" action="New quest" />
      <Filters label="Quests" {...state} />
      <PagedTable caption="Quests" columns={columns} list={list} rowId={(q) => q.id} empty="No quests." />
    </section>
  );
}

const tournament = columnHelper<TournamentEditorView>();
export function TournamentsList() {
  const state = useListQuery();
  const list = usePagedList(retentionKeys.list('tournaments', state.query), state.query, (query) =>
    api.retentionTournaments.list({ query }),
  );
  const columns = useMemo(
    () => [
      tournament.accessor('title', {
        header: 'Tournament',
        cell: (info) => (
          <>
            <Link to={`/retention/tournaments/${info.row.original.id}`}>{info.getValue()}</Link>
            <br />
            <span className="muted">{info.row.original.identity}</span>
          </>
        ),
      }),
      tournament.accessor('status', {
        header: 'Status',
        cell: (info) => (
          <>
            <StatusBadge status={info.getValue()} />
            {info.row.original.started && info.getValue() === 'scheduled' && <span className="muted"> started</span>}
          </>
        ),
      }),
      tournament.accessor('startAt', { header: 'Starts (UTC)', cell: (info) => formatTime(info.getValue()) }),
      tournament.accessor('endAt', { header: 'Ends (UTC)', cell: (info) => formatTime(info.getValue()) }),
      tournament.accessor((t) => t.prizes.length, {
        id: 'prizes',
        header: 'Places',
        cell: (info) => <span className="num">{info.getValue()}</span>,
      }),
    ],
    [],
  );
  return (
    <section className="panel" aria-labelledby="tournaments-heading">
      <Header id="tournaments-heading" title="Tournaments" to="/retention/tournaments/new" action="New tournament" />
      <Filters label="Tournaments" {...state} />
      <PagedTable caption="Tournaments" columns={columns} list={list} rowId={(t) => t.id} empty="No tournaments." />
    </section>
  );
}

const wheel = columnHelper<WheelEditorView>();
export function WheelsList() {
  const state = useListQuery();
  const list = usePagedList(retentionKeys.list('wheels', state.query), state.query, (query) =>
    api.retentionWheels.list({ query }),
  );
  const columns = useMemo(
    () => [
      wheel.accessor('title', {
        header: 'Wheel',
        cell: (info) => (
          <>
            <Link to={`/retention/wheels/${info.row.original.id}`}>{info.getValue()}</Link>
            <br />
            <span className="muted">{info.row.original.identity}</span>
          </>
        ),
      }),
      wheel.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
      wheel.accessor((w) => w.sectors.length, {
        id: 'sectors',
        header: 'Sectors',
        cell: (info) => <span className="num">{info.getValue()}</span>,
      }),
      wheel.accessor('dailySpins', {
        header: 'Daily spins',
        cell: (info) => <span className="num">{info.getValue()}</span>,
      }),
      wheel.accessor('startAt', { header: 'Starts (UTC)', cell: (info) => formatTime(info.getValue()) }),
    ],
    [],
  );
  return (
    <section className="panel" aria-labelledby="wheels-heading">
      <Header id="wheels-heading" title="Wheels" to="/retention/wheels/new" action="New wheel" />
      <Filters label="Wheels" {...state} />
      <PagedTable caption="Wheels" columns={columns} list={list} rowId={(w) => w.id} empty="No wheels." />
    </section>
  );
}
