import type { WithdrawalSettingsView } from '@croupier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { formatTime } from '../../lib/format.ts';
import { amountField, thresholdText } from '../../lib/settings-form.ts';
import { Field, FormMessage, ReasonField } from '../../ui/field.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StaffName } from '../../ui/staff-name.tsx';
import { useToast } from '../../ui/toast.tsx';

export const withdrawalSettingsKey = ['settings', 'withdrawals'] as const;

/** The withdrawal thresholds (§6): auto-approval below, four-eyes above, in EUR; read-only without settings:write. */
export function WithdrawalSettingsForm({ editable }: { editable: boolean }) {
  const settings = useQuery({
    queryKey: withdrawalSettingsKey,
    queryFn: async (): Promise<WithdrawalSettingsView> => (await api.settings.withdrawals()).data,
  });
  return (
    <section className="panel panel--form" aria-labelledby="settings-withdrawals">
      <h2 id="settings-withdrawals">Withdrawal thresholds</h2>
      {settings.isPending ? (
        <Skeleton lines={4} label="Loading the withdrawal thresholds" />
      ) : settings.error ? (
        <p className="form-message" role="alert">
          {problemOf(settings.error).message}
        </p>
      ) : (
        // Keyed by the last change, so a save (or someone else's) refills the fields.
        <Form key={settings.data.updatedAt ?? 'default'} current={settings.data} editable={editable} />
      )}
    </section>
  );
}

function Form({ current, editable }: { current: WithdrawalSettingsView; editable: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const save = useMutation({
    mutationFn: (body: { autoApproveBelow: number; fourEyesAbove: number | null; reason: string }) =>
      api.settings.setWithdrawals({ body }),
    onSuccess: ({ data }) => {
      client.setQueryData(withdrawalSettingsKey, data);
      setProblem(null);
      toast.success(
        `Withdrawal thresholds saved: auto-approve below ${thresholdText(data.autoApproveBelow)}, four-eyes above ${thresholdText(data.fourEyesAbove)}.`,
      );
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(`The thresholds were not saved: ${found.message}`);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const below = amountField(String(form.get('autoApproveBelow') ?? ''), 'zero');
    const above = amountField(String(form.get('fourEyesAbove') ?? ''), 'never');
    const fields: Record<string, string> = {};
    if (!below.ok) fields.autoApproveBelow = below.message;
    if (!above.ok) fields.fourEyesAbove = above.message;
    if (!below.ok || !above.ok) {
      setProblem({ message: 'Check the amounts.', fields, code: null, status: 0 });
      return;
    }
    save.mutate({
      autoApproveBelow: below.value ?? 0,
      fourEyesAbove: above.value,
      reason: String(form.get('reason') ?? ''),
    });
  };
  const meta = (
    <p className="muted">
      {current.updatedAt ? (
        <>
          Last changed {formatTime(current.updatedAt)} UTC
          {current.updatedBy && (
            <>
              {' '}
              by <StaffName id={current.updatedBy} />
            </>
          )}
          .
        </>
      ) : (
        'The defaults: nobody has changed them.'
      )}
    </p>
  );
  if (!editable) {
    return (
      <>
        <dl className="facts facts--inline">
          <div>
            <dt>Auto-approve below</dt>
            <dd data-testid="auto-approve-below">{thresholdText(current.autoApproveBelow, 'Never')}</dd>
          </div>
          <div>
            <dt>Four-eyes above</dt>
            <dd data-testid="four-eyes-above">{thresholdText(current.fourEyesAbove, 'Never')}</dd>
          </div>
        </dl>
        {meta}
        <p className="muted">Your role may read these settings, not change them.</p>
      </>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <div className="field-row">
        <Field
          label="Auto-approve below (EUR)"
          name="autoApproveBelow"
          error={problem?.fields.autoApproveBelow}
          hint="Withdrawals under this go on by themselves unless a risk flag is raised. 0: every one waits for a person."
        >
          {(props) => (
            <input {...props} inputMode="decimal" defaultValue={String(current.autoApproveBelow)} autoComplete="off" />
          )}
        </Field>
        <Field
          label="Four-eyes above (EUR)"
          name="fourEyesAbove"
          error={problem?.fields.fourEyesAbove}
          hint="Above this, two different people approve. Blank: never."
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              defaultValue={current.fourEyesAbove === null ? '' : String(current.fourEyesAbove)}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <ReasonField error={problem?.fields.reason} />
      <FormMessage>{problem && Object.keys(problem.fields).length === 0 ? problem.message : null}</FormMessage>
      {meta}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save thresholds'}
        </button>
      </div>
    </form>
  );
}
