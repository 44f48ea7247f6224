import type { BackofficeCollection } from '@croupier/contracts';
import { CreateCollectionRequest, UpdateCollectionRequest } from '@croupier/contracts/backoffice/games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CollectionGamesPanel } from '../features/games/collection-games-panel.tsx';
import { fieldErrorsOf, foldFields, listOf } from '../features/games/form-values.ts';
import { gameKeys } from '../features/games/keys.ts';
import { api } from '../lib/api.ts';
import { type Problem, problemOf } from '../lib/errors.ts';
import { columnHelper, DataTable } from '../ui/data-table.tsx';
import { FormDialog } from '../ui/dialog.tsx';
import { Field, ReasonField } from '../ui/field.tsx';
import { Permitted } from '../ui/permitted.tsx';
import { ReasonDialog } from '../ui/reason-dialog.tsx';
import { useToast } from '../ui/toast.tsx';

export const meta = () => [{ title: 'Game collections · Croupier back office' }];

export default function GameCollections() {
  return (
    <Permitted permission="catalogue:write">
      <Collections />
    </Permitted>
  );
}

const col = columnHelper<BackofficeCollection>();

/** The lobby's collections (issue 27): order, create, rename, countries, hidden, and each one's games. */
function Collections() {
  const client = useQueryClient();
  const toast = useToast();
  const list = useQuery({ queryKey: gameKeys.collections, queryFn: () => api.games.collections() });
  // The order on screen: the server's, until moved here; saved with a reason.
  const [order, setOrder] = useState<BackofficeCollection[]>([]);
  useEffect(() => {
    if (list.data) setOrder(list.data.data);
  }, [list.data]);
  const moved = order.map((c) => c.id).join() !== (list.data?.data ?? []).map((c) => c.id).join();
  const [editing, setEditing] = useState<BackofficeCollection | 'new' | null>(null);
  const [games, setGames] = useState<BackofficeCollection | null>(null);
  const [savingOrder, setSavingOrder] = useState(false);
  const [removing, setRemoving] = useState<BackofficeCollection | null>(null);
  const [removeProblem, setRemoveProblem] = useState<Problem | null>(null);
  // The collection and its memberships go; its games stay in the catalogue.
  const remove = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.games.removeCollection({ params: { id }, body: { reason } }),
    onSuccess: () => {
      toast.success(`${removing?.name ?? 'The collection'}: removed. Its games stay in the catalogue.`);
      void client.invalidateQueries({ queryKey: gameKeys.all });
      setRemoveProblem(null);
      setRemoving(null);
    },
    onError: (error) => {
      setRemoveProblem(problemOf(error));
      toast.error(`Not removed: ${problemOf(error).message}`);
    },
  });
  const [orderProblem, setOrderProblem] = useState<Problem | null>(null);
  const reorder = useMutation({
    mutationFn: (reason: string) => api.games.reorderCollections({ body: { ids: order.map((c) => c.id), reason } }),
    onSuccess: () => {
      toast.success('The lobby shows the collections in the new order.');
      void client.invalidateQueries({ queryKey: gameKeys.all });
      setOrderProblem(null);
      setSavingOrder(false);
    },
    onError: (error) => {
      setOrderProblem(problemOf(error));
      toast.error(`Order not saved: ${problemOf(error).message}`);
    },
  });
  const shift = (index: number, by: number) => {
    const to = index + by;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(to, 0, item!);
    setOrder(next);
  };

  const columns = useMemo(
    () => [
      col.display({
        id: 'position',
        header: 'Position',
        cell: (info) => <span className="num">{info.row.index + 1}</span>,
      }),
      col.accessor('name', {
        header: 'Collection',
        cell: (info) => (
          <>
            {info.getValue()}
            <br />
            <span className="muted">{info.row.original.identity}</span>
          </>
        ),
      }),
      col.accessor('games', { header: 'Games', cell: (info) => <span className="num">{info.getValue()}</span> }),
      col.accessor('countries', {
        header: 'Countries',
        cell: (info) => (info.getValue().length ? info.getValue().join(', ') : 'everywhere'),
      }),
      col.accessor('isHidden', {
        header: 'Shown',
        cell: (info) =>
          info.getValue() ? (
            <span className="badge badge--warn">hidden</span>
          ) : (
            <span className="badge badge--ok">shown</span>
          ),
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const c = info.row.original;
          const i = info.row.index;
          return (
            <span className="row-actions">
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={`Move ${c.name} up`}
                disabled={i === 0}
                onClick={() => shift(i, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={`Move ${c.name} down`}
                disabled={i === order.length - 1}
                onClick={() => shift(i, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="button button--small"
                aria-label={`Edit ${c.name}`}
                onClick={() => setEditing(c)}
              >
                Edit…
              </button>
              <button
                type="button"
                className="button button--small"
                aria-label={`Games of ${c.name}`}
                onClick={() => setGames(c)}
              >
                Games…
              </button>
              <button
                type="button"
                className="button button--small button--danger"
                aria-label={`Remove ${c.name}`}
                onClick={() => setRemoving(c)}
              >
                Remove…
              </button>
            </span>
          );
        },
      }),
    ],
    [order],
  );

  return (
    <>
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/games">Games</Link> / Collections
      </nav>
      <header className="page-header">
        <h1>Game collections</h1>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          New collection…
        </button>
      </header>
      <section className="report-toolbar" aria-label="Order of the collections">
        <span className="report-toolbar__note" aria-live="polite">
          {moved
            ? 'The order has changed here; save it to show it in the lobby.'
            : 'The lobby shows them in this order.'}
        </span>
        <button type="button" className="button button--small" disabled={!moved} onClick={() => setSavingOrder(true)}>
          Save order…
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={!moved}
          onClick={() => setOrder(list.data?.data ?? [])}
        >
          Undo
        </button>
      </section>
      <DataTable
        caption="Collections in lobby order"
        columns={columns}
        rows={list.data ? order : undefined}
        rowId={(c) => c.id}
        loading={list.isFetching}
        error={list.error ? problemOf(list.error).message : null}
        onRetry={() => list.refetch()}
        empty="No collections yet."
      />
      <CollectionDialog editing={editing} onClose={() => setEditing(null)} />
      <CollectionGamesPanel collection={games} onClose={() => setGames(null)} />
      <ReasonDialog
        open={savingOrder}
        onOpenChange={(open) => {
          setSavingOrder(open);
          if (!open) setOrderProblem(null);
        }}
        title="Save the order of the collections"
        description="The lobby shows them in this order at once."
        submitLabel="Save order"
        pending={reorder.isPending}
        problem={orderProblem}
        onSubmit={(reason) => reorder.mutate(reason)}
      />
      <ReasonDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            setRemoveProblem(null);
          }
        }}
        title={`Remove ${removing?.name ?? 'the collection'}`}
        description={`It leaves the lobby at once with its ${removing?.games ?? 0} game link(s); the games themselves stay in the catalogue and their other collections.`}
        submitLabel="Remove"
        danger
        pending={remove.isPending}
        problem={removeProblem}
        onSubmit={(reason) => removing && remove.mutate({ id: removing.id, reason })}
      />
    </>
  );
}

function CollectionDialog({ editing, onClose }: { editing: BackofficeCollection | 'new' | null; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const creating = editing === 'new';
  const current = editing === 'new' ? null : editing;
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      current
        ? api.games.updateCollection({ params: { id: current.id }, body: body as UpdateCollectionRequest })
        : api.games.createCollection({ body: body as CreateCollectionRequest }),
    onSuccess: ({ data }) => {
      toast.success(`${data.name}: saved.`);
      void client.invalidateQueries({ queryKey: gameKeys.all });
      setProblem(null);
      onClose();
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem({ ...found, fields: foldFields(found.fields) });
      toast.error(`Not saved: ${found.message}`);
    },
  });
  const fields = problem?.fields ?? {};
  return (
    <FormDialog
      open={editing !== null}
      onOpenChange={(open) => {
        if (!open) {
          setProblem(null);
          onClose();
        }
      }}
      title={creating ? 'New collection' : `Edit ${current?.name ?? ''}`}
      description={
        creating
          ? 'It comes last in the lobby; move it afterwards. Its identity is its address, /categories/{identity}.'
          : `Identity ${current?.identity}: it stays.`
      }
      submitLabel={creating ? 'Create' : 'Save'}
      pending={save.isPending}
      problem={problem}
      onSubmit={(form) => {
        const body: Record<string, unknown> = {
          name: String(form.get('name') ?? ''),
          countries: listOf(form.get('countries')).map((c) => c.toUpperCase()),
          isHidden: form.get('isHidden') === 'on',
          reason: String(form.get('reason') ?? ''),
        };
        if (creating) body.identity = String(form.get('identity') ?? '');
        const invalid = fieldErrorsOf(creating ? CreateCollectionRequest : UpdateCollectionRequest, body);
        if (invalid) {
          setProblem({ message: 'Check the fields marked.', fields: invalid, code: null, status: 422 });
          return;
        }
        save.mutate(body);
      }}
    >
      {creating && (
        <Field label="Identity" name="identity" error={fields.identity} hint="Lower-case letters, digits and dashes.">
          {(props) => <input {...props} required maxLength={64} autoComplete="off" spellCheck={false} />}
        </Field>
      )}
      <Field label="Name" name="name" error={fields.name}>
        {(props) => <input {...props} required maxLength={100} defaultValue={current?.name ?? ''} autoComplete="off" />}
      </Field>
      <Field
        label="Shown only in (countries)"
        name="countries"
        error={fields.countries}
        hint="Two-letter codes, comma-separated; blank: everywhere. Its games then play only there."
      >
        {(props) => <input {...props} defaultValue={current?.countries.join(', ') ?? ''} autoComplete="off" />}
      </Field>
      <div className="field">
        <label className="switch">
          <input type="checkbox" name="isHidden" defaultChecked={current?.isHidden ?? false} /> Hidden from the lobby's
          list of collections
        </label>
      </div>
      <ReasonField error={fields.reason} />
    </FormDialog>
  );
}
