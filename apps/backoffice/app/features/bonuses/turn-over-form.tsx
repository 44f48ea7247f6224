import { UpdateTurnOverRequest } from '@croupier/contracts/backoffice/bonuses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { Field, FormMessage, ReasonField } from '../../ui/field.tsx';
import { useAllows } from '../../ui/permitted.tsx';
import { useToast } from '../../ui/toast.tsx';
import { fieldErrorsOf, numberOrNull } from './form-values.ts';
import { bonusKeys } from './keys.ts';

/** The turn-over rule (§9): read with settings:read, changed with settings:write; applies from the next deposit. */
export function TurnOverForm() {
  const allows = useAllows();
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const current = useQuery({ queryKey: bonusKeys.turnOver, queryFn: () => api.bonuses.turnOver() });
  const save = useMutation({
    mutationFn: (body: UpdateTurnOverRequest) => api.bonuses.setTurnOver({ body }),
    onSuccess: () => {
      toast.success('Turn-over rule saved.');
      setProblem(null);
      void client.invalidateQueries({ queryKey: bonusKeys.turnOver });
    },
    onError: (error) => setProblem(problemOf(error)),
  });
  const value = current.data?.data;
  const f = problem?.fields ?? {};
  const editable = allows('settings:write');
  return (
    <section className="panel" aria-labelledby="turn-over-title">
      <h2 id="turn-over-title">Turn-over rule</h2>
      <p>Every deposit is staked this many times before a withdrawal. Off (or 0): nothing is held.</p>
      {value && (
        <form
          key={value.updatedAt ?? 'default'}
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const body = {
              enabled: form.get('enabled') === 'on',
              multiplier: numberOrNull(form.get('multiplier')) ?? 0,
              reason: String(form.get('reason') ?? ''),
            };
            const invalid = fieldErrorsOf(UpdateTurnOverRequest, body);
            if (invalid) {
              setProblem({ message: 'Check the fields marked.', fields: invalid, code: null, status: 422 });
              return;
            }
            save.mutate(body);
          }}
        >
          <fieldset disabled={!editable} className="field">
            <label className="switch">
              <input type="checkbox" name="enabled" defaultChecked={value.enabled} /> On
            </label>
            <Field label="Multiplier (×)" name="multiplier" error={f.multiplier}>
              {(props) => (
                <input {...props} type="number" min={0} max={100} step={0.01} defaultValue={value.multiplier} />
              )}
            </Field>
            {editable && <ReasonField error={f.reason} />}
          </fieldset>
          {problem && Object.keys(problem.fields).length === 0 && <FormMessage>{problem.message}</FormMessage>}
          {editable && (
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {save.isPending ? 'Working…' : 'Save turn-over rule'}
            </button>
          )}
        </form>
      )}
    </section>
  );
}
