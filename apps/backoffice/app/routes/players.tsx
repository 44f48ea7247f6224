import type { PlayerRow } from '@croupier/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { problemOf } from '../lib/errors.ts';
import { formatTime, playerLabel, playerStatusLabel } from '../lib/format.ts';
import { textOf } from '../lib/url-state.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { BlockBadges } from '../ui/blocks.tsx';
import { columnHelper, DataTable } from '../ui/data-table.tsx';
import { Permitted } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'Players · Croupier back office' }];

const col = columnHelper<PlayerRow>();
const columns = [
  col.accessor((p) => playerLabel(p), {
    id: 'player',
    header: 'Player',
    cell: (info) => <Link to={`/players/${info.row.original.id}`}>{info.getValue()}</Link>,
  }),
  col.accessor('email', { header: 'E-mail', cell: (info) => info.getValue() ?? '—' }),
  col.accessor('phone', { header: 'Phone', cell: (info) => (info.getValue() ? `+${info.getValue()}` : '—') }),
  col.accessor('country', { header: 'Country', cell: (info) => info.getValue() ?? '—' }),
  col.accessor('status', { header: 'Status', cell: (info) => playerStatusLabel(info.getValue()) }),
  col.accessor('blocks', { header: 'Blocks', cell: (info) => <BlockBadges blocks={info.getValue()} /> }),
  col.accessor('createdAt', { header: 'Registered (UTC)', cell: (info) => formatTime(info.getValue()) }),
  col.accessor('lastLoginAt', { header: 'Last sign-in (UTC)', cell: (info) => formatTime(info.getValue()) }),
];

export default function Players() {
  return (
    <Permitted permission="players:read">
      <PlayerSearch />
    </Permitted>
  );
}

function PlayerSearch() {
  const { params, page, perPage, set, setPage } = useUrlState();
  const search = textOf(params, 'search');
  const list = useQuery({
    queryKey: ['players', { search, page, perPage }],
    queryFn: () => api.players.search({ query: { search, page, perPage } }),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    set({ search: String(new FormData(event.currentTarget).get('search') ?? '') });
  };
  return (
    <>
      <header className="page-header">
        <h1>Players</h1>
      </header>
      <form className="filters" aria-label="Find players" onSubmit={submit}>
        <label className="filters__field filters__field--grow">
          <span>E-mail, phone, nickname or id</span>
          <input name="search" type="search" defaultValue={search ?? ''} key={search ?? ''} autoComplete="off" />
        </label>
        <button type="submit" className="button button--primary">
          Search
        </button>
        {search && (
          <button type="button" className="button button--ghost" onClick={() => set({ search: null })}>
            Clear
          </button>
        )}
      </form>
      <DataTable
        caption={search ? `Players matching “${search}”` : 'Players, newest first'}
        columns={columns}
        rows={list.data?.data}
        rowId={(p) => p.id}
        loading={list.isFetching}
        error={list.error ? problemOf(list.error).message : null}
        onRetry={() => list.refetch()}
        empty={search ? 'No player matches this search.' : 'No players yet.'}
        meta={list.data?.meta}
        page={page}
        perPage={perPage}
        onPage={setPage}
      />
    </>
  );
}
