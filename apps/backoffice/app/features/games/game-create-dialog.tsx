import type { BackofficeCollection, BackofficeProvider } from '@croupier/contracts';
import { CreateGameRequest } from '@croupier/contracts/backoffice/games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { Field, ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { fieldErrorsOf, foldFields, listOf, numberOf } from './form-values.ts';
import { gameKeys } from './keys.ts';

/** The form's body; blank optional fields are left out (the server's defaults: last in the lobby, disabled). */
function bodyOf(form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {
    providerId: String(form.get('providerId') ?? ''),
    identity: String(form.get('identity') ?? ''),
    name: String(form.get('name') ?? ''),
    type: String(form.get('type') ?? '').trim() || undefined,
    enabled: form.get('enabled') === 'on',
    order: numberOf(form.get('order')),
    badges: listOf(form.get('badges')).map((b) => b.toLowerCase()),
    collections: form.getAll('collections').map(String),
    countries: listOf(form.get('countries')).map((c) => c.toUpperCase()),
    reason: String(form.get('reason') ?? ''),
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/**
 * Creates a game of an existing provider (POST /api/backoffice/games), checked with the server's own schema
 * before it is sent. Disabled unless ticked: check it, then enable it.
 */
export function GameCreateDialog({
  open,
  providers,
  collections,
  onClose,
}: {
  open: boolean;
  providers: readonly BackofficeProvider[];
  collections: readonly BackofficeCollection[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const create = useMutation({
    mutationFn: (body: CreateGameRequest) => api.games.create({ body }),
    onSuccess: ({ data }) => {
      toast.success(`${data.name}: created.${data.enabled ? '' : ' Disabled: enable it when it is checked.'}`);
      void client.invalidateQueries({ queryKey: gameKeys.all });
      setProblem(null);
      onClose();
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem({ ...found, fields: foldFields(found.fields) });
      toast.error(`Not created: ${found.message}`);
    },
  });
  const fields = problem?.fields ?? {};
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setProblem(null);
          onClose();
        }
      }}
      title="New game"
      description="A game of an existing provider. Its identity is the provider's own game id and its page's address; it cannot change later."
      submitLabel="Create"
      pending={create.isPending}
      problem={problem}
      onSubmit={(form) => {
        const body = bodyOf(form);
        const invalid = fieldErrorsOf(CreateGameRequest, body);
        if (invalid) {
          setProblem({ message: 'Check the fields marked.', fields: invalid, code: null, status: 422 });
          return;
        }
        create.mutate(body as CreateGameRequest);
      }}
    >
      <Field label="Provider" name="providerId" error={fields.providerId}>
        {(props) => (
          <select {...props} required defaultValue="">
            <option value="" disabled>
              Choose a provider
            </option>
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="field-row">
        <Field label="Identity" name="identity" error={fields.identity} hint="Lower-case letters, digits, dashes.">
          {(props) => <input {...props} required maxLength={64} autoComplete="off" spellCheck={false} />}
        </Field>
        <Field label="Name" name="name" error={fields.name}>
          {(props) => <input {...props} required maxLength={100} autoComplete="off" />}
        </Field>
      </div>
      <div className="field-row">
        <Field label="Type" name="type" error={fields.type} hint="slots, table, originals…">
          {(props) => <input {...props} defaultValue="slots" maxLength={32} autoComplete="off" />}
        </Field>
        <Field label="Lobby order" name="order" error={fields.order} hint="Blank: last.">
          {(props) => <input {...props} type="number" min={0} step={1} />}
        </Field>
      </div>
      <div className="field">
        <label className="switch">
          <input type="checkbox" name="enabled" /> Enabled now (otherwise it stays out of the lobby until enabled)
        </label>
        {fields.enabled && <p className="field__error">{fields.enabled}</p>}
      </div>
      <Field label="Badges" name="badges" error={fields.badges} hint="Up to 5, comma-separated: new, hot…">
        {(props) => <input {...props} autoComplete="off" />}
      </Field>
      <fieldset className="field">
        <legend>Collections</legend>
        {collections.map((c) => (
          <label key={c.id} className="switch">
            <input type="checkbox" name="collections" value={c.id} /> {c.name}
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
        {(props) => <input {...props} autoComplete="off" />}
      </Field>
      <ReasonField error={fields.reason} />
    </FormDialog>
  );
}
