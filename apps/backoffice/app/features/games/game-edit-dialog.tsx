import type { BackofficeCollection, BackofficeGame } from '@croupier/contracts';
import { UpdateGameRequest } from '@croupier/contracts/backoffice/games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { Field, ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { fieldErrorsOf, foldFields, listOf, numberOf } from './form-values.ts';
import { gameKeys } from './keys.ts';

/** Only what changed goes in the body: the audit row then shows this change, not a rewrite of every field. */
function changesOf(game: BackofficeGame, form: FormData): Record<string, unknown> {
  const next: Record<string, unknown> = {
    name: String(form.get('name') ?? ''),
    enabled: form.get('enabled') === 'on',
    order: numberOf(form.get('order')),
    score: numberOf(form.get('score')),
    description: String(form.get('description') ?? '').trim() || null,
    badges: listOf(form.get('badges')).map((b) => b.toLowerCase()),
    collections: form.getAll('collections').map(String),
    countries: listOf(form.get('countries')).map((c) => c.toUpperCase()),
    restrictedCountries: listOf(form.get('restrictedCountries')).map((c) => c.toUpperCase()),
  };
  const current: Record<string, unknown> = {
    name: game.name,
    enabled: game.enabled,
    order: game.order,
    score: game.score,
    description: game.description,
    badges: game.badges,
    collections: game.collections.map((c) => c.id),
    countries: game.countries,
    restrictedCountries: game.restrictedCountries,
  };
  const same = (a: unknown, b: unknown) =>
    Array.isArray(a) && Array.isArray(b) ? [...a].sort().join() === [...b].sort().join() : a === b;
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => !same(value, current[key])));
}

/** Edits one game (PUT /api/backoffice/games/{id}): checked with the server's own schema before it is sent. */
export function GameEditDialog({
  game,
  collections,
  onClose,
}: {
  game: BackofficeGame | null;
  collections: readonly BackofficeCollection[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateGameRequest }) => api.games.update({ params: { id }, body }),
    onSuccess: ({ data }) => {
      toast.success(`${data.name}: saved.${data.enabled ? '' : ' It is out of the lobby.'}`);
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
  const inGame = new Set(game?.collections.map((c) => c.id));
  return (
    <FormDialog
      open={game !== null}
      onOpenChange={(open) => {
        if (!open) {
          setProblem(null);
          onClose();
        }
      }}
      title={game ? `Edit ${game.name}` : 'Edit game'}
      description={
        game
          ? `${game.identity} · ${game.provider.name}. A disabled game leaves the lobby and refuses new launches at once; rounds already open still settle.`
          : ''
      }
      submitLabel="Save"
      pending={save.isPending}
      problem={problem}
      onSubmit={(form) => {
        if (!game) return;
        const body = { ...changesOf(game, form), reason: String(form.get('reason') ?? '') };
        const invalid = fieldErrorsOf(UpdateGameRequest, body);
        if (invalid) {
          setProblem({ message: 'Check the fields marked.', fields: invalid, code: null, status: 422 });
          return;
        }
        save.mutate({ id: game.id, body: body as UpdateGameRequest });
      }}
    >
      {game && (
        <>
          <Field label="Name" name="name" error={fields.name}>
            {(props) => <input {...props} defaultValue={game.name} required maxLength={100} autoComplete="off" />}
          </Field>
          <div className="field">
            <label className="switch">
              <input type="checkbox" name="enabled" defaultChecked={game.enabled} /> Enabled (shown in the lobby and
              playable)
            </label>
            {fields.enabled && <p className="field__error">{fields.enabled}</p>}
          </div>
          <div className="field-row">
            <Field label="Lobby order" name="order" error={fields.order} hint="Ascending; 0 comes first.">
              {(props) => <input {...props} type="number" min={0} step={1} defaultValue={game.order} />}
            </Field>
            <Field label="Score" name="score" error={fields.score} hint="Popularity: higher first.">
              {(props) => <input {...props} type="number" min={0} step={1} defaultValue={game.score} />}
            </Field>
          </div>
          <Field label="Badges" name="badges" error={fields.badges} hint="Up to 5, comma-separated: new, hot…">
            {(props) => <input {...props} defaultValue={game.badges.join(', ')} autoComplete="off" />}
          </Field>
          <fieldset className="field">
            <legend>Collections</legend>
            {collections.map((c) => (
              <label key={c.id} className="switch">
                <input type="checkbox" name="collections" value={c.id} defaultChecked={inGame.has(c.id)} /> {c.name}
              </label>
            ))}
            {fields.collections && <p className="field__error">{fields.collections}</p>}
          </fieldset>
          <Field
            label="Shown only in (countries)"
            name="countries"
            error={fields.countries}
            hint="Two-letter codes, comma-separated; blank: everywhere."
          >
            {(props) => <input {...props} defaultValue={game.countries.join(', ')} autoComplete="off" />}
          </Field>
          <Field
            label="Restricted in (countries)"
            name="restrictedCountries"
            error={fields.restrictedCountries}
            hint="Never shown nor played there."
          >
            {(props) => <input {...props} defaultValue={game.restrictedCountries.join(', ')} autoComplete="off" />}
          </Field>
          <Field label="Description" name="description" error={fields.description}>
            {(props) => <textarea {...props} rows={2} maxLength={2000} defaultValue={game.description ?? ''} />}
          </Field>
        </>
      )}
      <ReasonField error={fields.reason} />
    </FormDialog>
  );
}
