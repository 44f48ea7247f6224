import type { CreateInteractionRequest, InteractionAction } from '@croupier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { dayToIso, todayUtc } from '../../lib/dates.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { Field, FormMessage, ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { playerKey } from '../player/keys.ts';
import { flagsKey, interactionsKey } from './keys.ts';
import { ACTIONS } from './words.ts';

/**
 * Records an interaction (identify, act, evaluate): what was seen, what was done or why nothing was, and a
 * follow-up day. Against a flag it marks the flag reviewed. Kept five years (decision 0114).
 */
export function InteractionForm({
  playerId,
  flagId,
  defaultObserved = '',
  onDone,
  onCancel,
}: {
  playerId: string;
  flagId?: string;
  defaultObserved?: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const record = useMutation({
    mutationFn: (body: CreateInteractionRequest) => api.flags.createInteraction({ body }),
    onSuccess: () => {
      toast.success('Interaction recorded.');
      void client.invalidateQueries({ queryKey: interactionsKey });
      void client.invalidateQueries({ queryKey: flagsKey });
      void client.invalidateQueries({ queryKey: playerKey(playerId) });
      setProblem(null);
      onDone();
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(`The interaction was not recorded: ${found.message}`);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (record.isPending) return;
    const form = new FormData(event.currentTarget);
    const followUp = String(form.get('followUpAt') ?? '');
    const followUpAt = dayToIso(followUp);
    if (followUp && !followUpAt) {
      setProblem({
        message: 'Check the follow-up day.',
        fields: { followUpAt: 'A day, YYYY-MM-DD.' },
        code: null,
        status: 0,
      });
      return;
    }
    record.mutate({
      playerId,
      ...(flagId ? { flagId } : {}),
      observed: String(form.get('observed') ?? ''),
      action: String(form.get('action') ?? 'none') as InteractionAction,
      actionNote: String(form.get('actionNote') ?? ''),
      ...(followUpAt ? { followUpAt } : {}),
      reason: String(form.get('reason') ?? ''),
    });
  };
  return (
    <form onSubmit={submit} className="interaction-form" aria-label="Record an interaction">
      <Field
        label="What was seen"
        name="observed"
        error={problem?.fields.observed}
        hint="The behaviour, before any contact."
      >
        {(props) => (
          <textarea {...props} rows={3} required minLength={3} maxLength={5000} defaultValue={defaultObserved} />
        )}
      </Field>
      <div className="field-row">
        <Field label="Action" name="action" error={problem?.fields.action}>
          {(props) => (
            <select {...props} defaultValue="message">
              {ACTIONS.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Follow-up day (UTC)" name="followUpAt" error={problem?.fields.followUpAt} hint="Optional.">
          {(props) => <input {...props} type="date" min={todayUtc()} />}
        </Field>
      </div>
      <Field
        label="What was done"
        name="actionNote"
        error={problem?.fields.actionNote}
        hint="What was said or done, or why nothing was."
      >
        {(props) => <textarea {...props} rows={3} required minLength={3} maxLength={5000} />}
      </Field>
      <ReasonField error={problem?.fields.reason} />
      <FormMessage>{problem && Object.keys(problem.fields).length === 0 ? problem.message : null}</FormMessage>
      <div className="form-actions">
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={record.isPending}>
          {record.isPending ? 'Working…' : 'Record interaction'}
        </button>
      </div>
    </form>
  );
}
