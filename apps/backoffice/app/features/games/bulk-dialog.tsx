import type { BackofficeCollection } from '@croupier/contracts';
import { BulkGamesRequest } from '@croupier/contracts/backoffice/games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { Field } from '../../ui/field.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { fieldErrorsOf, foldFields } from './form-values.ts';
import { gameKeys } from './keys.ts';

export type BulkAction = 'enable' | 'disable' | 'addToCollection' | 'removeFromCollection';

const TITLES: Record<BulkAction, string> = {
  enable: 'Enable the selected games',
  disable: 'Disable the selected games',
  addToCollection: 'Add the selected games to a collection',
  removeFromCollection: 'Remove the selected games from a collection',
};

/** One change over the selected games, in one transaction, one audit row per game it changes. */
export function BulkDialog({
  action,
  ids,
  collections,
  onClose,
  onDone,
}: {
  action: BulkAction | null;
  ids: readonly string[];
  collections: readonly BackofficeCollection[];
  onClose: () => void;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const run = useMutation({
    mutationFn: (body: BulkGamesRequest) => api.games.bulk({ body }),
    onSuccess: ({ data }) => {
      toast.success(`${data.changed} of ${ids.length} selected games changed.`);
      void client.invalidateQueries({ queryKey: gameKeys.all });
      setProblem(null);
      onDone();
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem({ ...found, fields: foldFields(found.fields) });
      toast.error(`Nothing changed: ${found.message}`);
    },
  });
  const needsCollection = action === 'addToCollection' || action === 'removeFromCollection';
  return (
    <ReasonDialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open) {
          setProblem(null);
          onClose();
        }
      }}
      title={action ? TITLES[action] : ''}
      description={`${ids.length} game${ids.length === 1 ? '' : 's'} selected.${action === 'disable' ? ' They leave the lobby at once; open rounds still settle.' : ''}`}
      submitLabel="Apply"
      danger={action === 'disable'}
      pending={run.isPending}
      problem={problem}
      onSubmit={(reason, form) => {
        if (!action) return;
        const body = {
          ids: [...ids],
          action,
          ...(needsCollection ? { collectionId: String(form.get('collectionId') ?? '') || undefined } : {}),
          reason,
        };
        const invalid = fieldErrorsOf(BulkGamesRequest, body);
        if (invalid) {
          setProblem({ message: Object.values(invalid)[0]!, fields: invalid, code: null, status: 422 });
          return;
        }
        run.mutate(body as BulkGamesRequest);
      }}
    >
      {needsCollection && (
        <Field label="Collection" name="collectionId" error={problem?.fields.collectionId}>
          {(props) => (
            <select {...props} defaultValue="">
              <option value="" disabled>
                Choose…
              </option>
              {collections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </ReasonDialog>
  );
}
