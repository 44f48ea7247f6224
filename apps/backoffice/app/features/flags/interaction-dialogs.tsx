import type { Interaction, ReviewVerdict } from '@croupier/contracts';
import { ErrorCode } from '@croupier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { Field, ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDialogProblem } from '../../ui/use-dialog-problem.ts';
import { interactionsKey } from './keys.ts';

export type InteractionStep = { interaction: Interaction; step: 'outcome' | 'review' } | null;

/** The follow-up's outcome (written once), or a spot check by someone else (never its author: 20004). */
export function InteractionStepDialog({ step, onClose }: { step: InteractionStep; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const outcome = step?.step === 'outcome';
  const { problem, onOpenChange, onError } = useDialogProblem(
    (open) => !open && onClose(),
    outcome ? 'The outcome was not recorded' : 'The review was not recorded',
  );
  const save = useMutation({
    mutationFn: (form: FormData) => {
      const id = step!.interaction.id;
      return outcome
        ? api.flags.outcome({
            params: { id },
            body: { outcome: String(form.get('outcome') ?? ''), reason: String(form.get('reason') ?? '') },
          })
        : api.flags.review({
            params: { id },
            body: { verdict: String(form.get('verdict') ?? '') as ReviewVerdict, note: String(form.get('note') ?? '') },
          });
    },
    onSuccess: () => {
      toast.success(outcome ? 'Outcome recorded.' : 'Review recorded.');
      void client.invalidateQueries({ queryKey: interactionsKey });
      onOpenChange(false);
    },
    onError: (error) => {
      onError(error);
      if (problemOf(error).code === ErrorCode.alreadyDecided)
        void client.invalidateQueries({ queryKey: interactionsKey });
    },
  });
  const i = step?.interaction;
  return (
    <FormDialog
      open={step !== null}
      onOpenChange={onOpenChange}
      title={outcome ? 'Record the outcome' : 'Spot-check the interaction'}
      description={i ? `Seen: “${i.observed}”. Done: “${i.actionNote}”.` : ''}
      submitLabel={outcome ? 'Record outcome' : 'Record review'}
      pending={save.isPending}
      problem={problem}
      onSubmit={(form) => save.mutate(form)}
    >
      {outcome ? (
        <>
          <Field
            label="Outcome"
            name="outcome"
            error={problem?.fields.outcome}
            hint="What changed after the follow-up."
          >
            {(props) => <textarea {...props} rows={3} required minLength={3} maxLength={5000} />}
          </Field>
          <ReasonField error={problem?.fields.reason} />
        </>
      ) : (
        <>
          <fieldset className="switches">
            <legend>Verdict</legend>
            <label className="switch">
              <input type="radio" name="verdict" value="adequate" defaultChecked /> <span>Adequate</span>
            </label>
            <label className="switch">
              <input type="radio" name="verdict" value="inadequate" /> <span>Inadequate</span>
            </label>
          </fieldset>
          <Field label="Review note" name="note" error={problem?.fields.note}>
            {(props) => <textarea {...props} rows={3} required minLength={3} maxLength={5000} />}
          </Field>
        </>
      )}
    </FormDialog>
  );
}
