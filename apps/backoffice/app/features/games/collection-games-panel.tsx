import type { BackofficeCollection, CollectionGame } from '@croupier/contracts';
import { SetCollectionGamesRequest } from '@croupier/contracts/backoffice/games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { Field, FormMessage, ReasonField } from '../../ui/field.tsx';
import { SidePanel } from '../../ui/side-panel.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { fieldErrorsOf, foldFields } from './form-values.ts';
import { gameKeys } from './keys.ts';

const move = <T,>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * A collection's games in their order: move up and down, remove, add; saved whole with a reason (one audit row
 * with the order before and after).
 */
export function CollectionGamesPanel({
  collection,
  onClose,
}: {
  collection: BackofficeCollection | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const id = collection?.id ?? '';
  const current = useQuery({
    queryKey: gameKeys.collectionGames(id),
    queryFn: () => api.games.collectionGames({ params: { id } }),
    enabled: collection !== null,
  });
  // Every game to add from: the first 100 by lobby order (a catalogue this small needs no search here).
  const all = useQuery({
    queryKey: gameKeys.list({ perPage: 100 }),
    queryFn: () => api.games.list({ query: { perPage: 100 } }),
    enabled: collection !== null,
  });
  const [games, setGames] = useState<CollectionGame[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => {
    if (current.data) setGames(current.data.data);
  }, [current.data]);
  const save = useMutation({
    mutationFn: (body: SetCollectionGamesRequest) => api.games.setCollectionGames({ params: { id }, body }),
    onSuccess: ({ data }) => {
      toast.success(`${collection?.name}: ${data.length} games saved in this order.`);
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
  const inList = new Set(games.map((g) => g.id));
  const addable = (all.data?.data ?? []).filter((g) => !inList.has(g.id));
  return (
    <SidePanel
      open={collection !== null}
      onOpenChange={(open) => {
        if (!open) {
          setProblem(null);
          onClose();
        }
      }}
      title={collection ? `Games of ${collection.name}` : 'Games'}
      description="The lobby shows them in this order inside the collection."
    >
      {current.isPending ? (
        <Skeleton lines={4} label="Loading the collection's games" />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const body = { gameIds: games.map((g) => g.id), reason: String(form.get('reason') ?? '') };
            const invalid = fieldErrorsOf(SetCollectionGamesRequest, body);
            if (invalid) {
              setProblem({ message: 'Check the fields marked.', fields: invalid, code: null, status: 422 });
              return;
            }
            save.mutate(body);
          }}
        >
          <ol className="note-list" aria-label="Games in order">
            {games.map((g, i) => (
              <li key={g.id}>
                {g.name} {!g.enabled && <span className="badge badge--danger">disabled</span>}{' '}
                <span className="row-actions">
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    aria-label={`Move ${g.name} up`}
                    disabled={i === 0}
                    onClick={() => setGames(move(games, i, i - 1))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    aria-label={`Move ${g.name} down`}
                    disabled={i === games.length - 1}
                    onClick={() => setGames(move(games, i, i + 1))}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    aria-label={`Remove ${g.name}`}
                    onClick={() => setGames(games.filter((x) => x.id !== g.id))}
                  >
                    Remove
                  </button>
                </span>
              </li>
            ))}
          </ol>
          {games.length === 0 && <p className="muted">No games in this collection.</p>}
          <Field label="Add a game" name="add" error={problem?.fields.gameIds}>
            {(props) => (
              <select
                {...props}
                value=""
                onChange={(event) => {
                  const game = addable.find((g) => g.id === event.target.value);
                  if (game) {
                    setGames([
                      ...games,
                      { id: game.id, identity: game.identity, name: game.name, enabled: game.enabled },
                    ]);
                  }
                }}
              >
                <option value="">Choose a game to add last…</option>
                {addable.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <ReasonField error={problem?.fields.reason} />
          <FormMessage>{problem && Object.keys(problem.fields).length === 0 ? problem.message : null}</FormMessage>
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save games'}
            </button>
          </div>
        </form>
      )}
    </SidePanel>
  );
}
