import type { BackofficeGame } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type BulkAction, BulkDialog } from '../features/games/bulk-dialog.tsx';
import { GameCreateDialog } from '../features/games/game-create-dialog.tsx';
import { GameEditDialog } from '../features/games/game-edit-dialog.tsx';
import { gameKeys } from '../features/games/keys.ts';
import { thumbnailOf } from '../features/games/thumbnail.ts';
import { ThumbnailDialog } from '../features/games/thumbnail-dialog.tsx';
import { api } from '../lib/api.ts';
import { textOf } from '../lib/url-state.ts';
import { usePagedList } from '../lib/use-paged-list.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { columnHelper } from '../ui/data-table.tsx';
import { PagedTable } from '../ui/paged-table.tsx';
import { Permitted } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'Games · Croupier back office' }];

export default function Games() {
  return (
    <Permitted permission="catalogue:write">
      <GameCatalogue />
    </Permitted>
  );
}

const col = columnHelper<BackofficeGame>();

/** The state filter as the API takes it; anything else in the address is no filter. */
const enabledOf = (value: string | undefined): 'true' | 'false' | undefined =>
  value === 'true' || value === 'false' ? value : undefined;

/** The game catalogue (issue 27): server-paged, filters in the address, edits one by one or over a selection. */
function GameCatalogue() {
  const { params, page, perPage, set } = useUrlState();
  const filters = {
    provider: textOf(params, 'provider'),
    collection: textOf(params, 'collection'),
    enabled: enabledOf(textOf(params, 'enabled')),
    search: textOf(params, 'search'),
  };
  const query = { ...filters, page, perPage };
  const list = usePagedList(gameKeys.list(query), query, (q) => api.games.list({ query: q }));
  const providers = useQuery({ queryKey: gameKeys.providers, queryFn: () => api.games.providers() });
  const collections = useQuery({ queryKey: gameKeys.collections, queryFn: () => api.games.collections() });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<BackofficeGame | null>(null);
  const [thumbnail, setThumbnail] = useState<BackofficeGame | null>(null);
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [creating, setCreating] = useState(false);
  const rows = list.data?.data ?? [];
  const onPage = rows.filter((g) => selected.has(g.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const columns = useMemo(
    () => [
      col.display({
        id: 'select',
        header: () => (
          <input
            type="checkbox"
            aria-label="Select every game on this page"
            checked={rows.length > 0 && onPage.length === rows.length}
            onChange={(event) => setSelected(event.target.checked ? new Set(rows.map((g) => g.id)) : new Set<string>())}
          />
        ),
        cell: (info) => (
          <input
            type="checkbox"
            aria-label={`Select ${info.row.original.name}`}
            checked={selected.has(info.row.original.id)}
            onChange={(event) => toggle(info.row.original.id, event.target.checked)}
          />
        ),
      }),
      col.display({
        id: 'thumbnail',
        header: 'Thumbnail',
        cell: (info) => {
          const src = thumbnailOf(info.row.original, '200x200');
          return src ? (
            <img src={src} alt="" width={40} height={40} loading="lazy" />
          ) : (
            <span className="muted">—</span>
          );
        },
      }),
      col.accessor('name', {
        header: 'Game',
        cell: (info) => (
          <>
            {info.getValue()}
            <br />
            <span className="muted">{info.row.original.identity}</span>
          </>
        ),
      }),
      col.accessor((g) => g.provider.name, { id: 'provider', header: 'Provider' }),
      col.accessor('enabled', {
        header: 'State',
        cell: (info) =>
          info.getValue() ? (
            <span className="badge badge--ok">enabled</span>
          ) : (
            <span className="badge badge--danger">disabled</span>
          ),
      }),
      col.accessor('order', { header: 'Order', cell: (info) => <span className="num">{info.getValue()}</span> }),
      col.accessor('collections', {
        header: 'Collections',
        cell: (info) =>
          info
            .getValue()
            .map((c) => c.name)
            .join(', ') || '—',
      }),
      col.accessor('badges', {
        header: 'Badges',
        cell: (info) =>
          info.getValue().length ? (
            <span className="badges">
              {info.getValue().map((b) => (
                <span key={b} className="badge badge--info">
                  {b}
                </span>
              ))}
            </span>
          ) : (
            '—'
          ),
      }),
      col.display({
        id: 'countries',
        header: 'Countries',
        cell: (info) => {
          const g = info.row.original;
          const shown = g.countries.length ? `only ${g.countries.join(', ')}` : 'everywhere';
          return g.restrictedCountries.length ? `${shown}; not ${g.restrictedCountries.join(', ')}` : shown;
        },
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => (
          <span className="row-actions">
            <button
              type="button"
              className="button button--small"
              aria-label={`Edit ${info.row.original.name}`}
              onClick={() => setEditing(info.row.original)}
            >
              Edit…
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={`Upload a thumbnail for ${info.row.original.name}`}
              onClick={() => setThumbnail(info.row.original)}
            >
              Thumbnail…
            </button>
          </span>
        ),
      }),
    ],
    [rows, selected, onPage.length],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSelected(new Set());
    set({
      search: String(form.get('search') ?? ''),
      provider: String(form.get('provider') ?? ''),
      collection: String(form.get('collection') ?? ''),
      enabled: String(form.get('enabled') ?? ''),
    });
  };
  const active = Object.values(filters).some(Boolean);
  const chosen = [...selected];

  return (
    <>
      <header className="page-header">
        <h1>Games</h1>
        <span className="row-actions">
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            New game…
          </button>
          <Link className="button" to="/games/collections">
            Collections…
          </Link>
        </span>
      </header>
      <form className="filters filters--grid" aria-label="Filter games" onSubmit={submit} key={params.toString()}>
        <label className="filters__field">
          <span>Name or identity</span>
          <input name="search" type="search" defaultValue={filters.search ?? ''} autoComplete="off" />
        </label>
        <label className="filters__field">
          <span>Provider</span>
          <select name="provider" defaultValue={filters.provider ?? ''}>
            <option value="">Any</option>
            {providers.data?.data.map((p) => (
              <option key={p.id} value={p.identity}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="filters__field">
          <span>Collection</span>
          <select name="collection" defaultValue={filters.collection ?? ''}>
            <option value="">Any</option>
            {collections.data?.data.map((c) => (
              <option key={c.id} value={c.identity}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="filters__field">
          <span>State</span>
          <select name="enabled" defaultValue={filters.enabled ?? ''}>
            <option value="">Any</option>
            <option value="true">Enabled</option>
            <option value="false">Disabled</option>
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
              onClick={() => set({ search: null, provider: null, collection: null, enabled: null })}
            >
              Clear
            </button>
          )}
        </div>
      </form>
      <section className="report-toolbar" aria-label="Change the selected games">
        <span className="report-toolbar__note" aria-live="polite">
          {chosen.length ? `${chosen.length} selected` : 'Select games to change several at once.'}
        </span>
        <button
          type="button"
          className="button button--small"
          disabled={!chosen.length}
          onClick={() => setBulk('enable')}
        >
          Enable
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={!chosen.length}
          onClick={() => setBulk('disable')}
        >
          Disable
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={!chosen.length}
          onClick={() => setBulk('addToCollection')}
        >
          Add to collection…
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={!chosen.length}
          onClick={() => setBulk('removeFromCollection')}
        >
          Remove from collection…
        </button>
      </section>
      <PagedTable
        caption={active ? 'Games matching the filters, by lobby order' : 'Games, by lobby order'}
        columns={columns}
        list={list}
        rowId={(g) => g.id}
        empty={active ? 'No game matches these filters.' : 'No games yet.'}
      />
      <GameEditDialog game={editing} collections={collections.data?.data ?? []} onClose={() => setEditing(null)} />
      <GameCreateDialog
        open={creating}
        providers={providers.data?.data ?? []}
        collections={collections.data?.data ?? []}
        onClose={() => setCreating(false)}
      />
      <ThumbnailDialog game={thumbnail} onClose={() => setThumbnail(null)} />
      <BulkDialog
        action={bulk}
        ids={chosen}
        collections={collections.data?.data ?? []}
        onClose={() => setBulk(null)}
        onDone={() => {
          setBulk(null);
          setSelected(new Set());
        }}
      />
    </>
  );
}
