import type { KycSettings, KycSettingsView } from '@croupier/contracts';
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

export const kycSettingsKey = ['settings', 'kyc'] as const;

const PROVIDERS: { value: KycSettings['provider']; label: string }[] = [
  { value: 'sandbox', label: 'Sandbox (the built-in test provider)' },
  { value: 'sumsub', label: 'Sumsub' },
  { value: 'manual', label: 'Manual: staff decide from the documents' },
];

/** KYC (decision 0113): who verifies identity, whether a person confirms its decisions, the CDD threshold. */
export function KycSettingsForm({ editable }: { editable: boolean }) {
  const settings = useQuery({
    queryKey: kycSettingsKey,
    queryFn: async (): Promise<KycSettingsView> => (await api.kyc.settings()).data,
  });
  return (
    <section className="panel panel--form" aria-labelledby="settings-kyc">
      <h2 id="settings-kyc">KYC</h2>
      {settings.isPending ? (
        <Skeleton lines={4} label="Loading the KYC settings" />
      ) : settings.error ? (
        <p className="form-message" role="alert">
          {problemOf(settings.error).message}
        </p>
      ) : (
        <Form key={settings.data.updatedAt ?? 'default'} current={settings.data} editable={editable} />
      )}
    </section>
  );
}

function Form({ current, editable }: { current: KycSettingsView; editable: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const save = useMutation({
    mutationFn: (body: KycSettings & { reason: string }) => api.kyc.updateSettings({ body }),
    onSuccess: ({ data }) => {
      client.setQueryData(kycSettingsKey, data);
      setProblem(null);
      toast.success('KYC settings saved.');
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(`The KYC settings were not saved: ${found.message}`);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const threshold = amountField(String(form.get('thresholdEur') ?? ''), 'zero');
    if (!threshold.ok) {
      setProblem({ message: 'Check the amount.', fields: { thresholdEur: threshold.message }, code: null, status: 0 });
      return;
    }
    save.mutate({
      provider: String(form.get('provider')) as KycSettings['provider'],
      confirmProviderResults: form.has('confirmProviderResults'),
      thresholdEur: threshold.value ?? 0,
      blockWithdrawalsAtThreshold: form.has('blockWithdrawalsAtThreshold'),
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
            <dt>Provider</dt>
            <dd>{PROVIDERS.find((p) => p.value === current.provider)?.label ?? current.provider}</dd>
          </div>
          <div>
            <dt>A person confirms the provider's decisions</dt>
            <dd>{current.confirmProviderResults ? 'Yes' : 'No'}</dd>
          </div>
          <div>
            <dt>Threshold (deposits or withdrawals)</dt>
            <dd>{thresholdText(current.thresholdEur)}</dd>
          </div>
          <div>
            <dt>Withdrawals wait for KYC at the threshold</dt>
            <dd>{current.blockWithdrawalsAtThreshold ? 'Yes' : 'No'}</dd>
          </div>
        </dl>
        {meta}
        <p className="muted">Your role may read these settings, not change them.</p>
      </>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label="Identity verification"
        name="provider"
        error={problem?.fields.provider}
        hint={current.sumsubConfigured ? undefined : 'Sumsub needs its credentials in the server configuration first.'}
      >
        {(props) => (
          <select {...props} defaultValue={current.provider}>
            {PROVIDERS.map((p) => (
              <option key={p.value} value={p.value} disabled={p.value === 'sumsub' && !current.sumsubConfigured}>
                {p.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="switch">
        <input type="checkbox" name="confirmProviderResults" defaultChecked={current.confirmProviderResults} />
        <span>
          <strong>A person confirms the provider's decisions</strong>{' '}
          <span className="muted">They wait in the KYC queue; the player sees "pending" meanwhile.</span>
        </span>
      </label>
      <Field
        label="CDD threshold (EUR)"
        name="thresholdEur"
        error={problem?.fields.thresholdEur}
        hint="Cumulative deposits or withdrawals at which the player must be verified."
      >
        {(props) => (
          <input {...props} inputMode="decimal" defaultValue={String(current.thresholdEur)} autoComplete="off" />
        )}
      </Field>
      <label className="switch">
        <input
          type="checkbox"
          name="blockWithdrawalsAtThreshold"
          defaultChecked={current.blockWithdrawalsAtThreshold}
        />
        <span>
          <strong>Withdrawals wait for verification at the threshold</strong>
        </span>
      </label>
      <ReasonField error={problem?.fields.reason} />
      <FormMessage>{problem && Object.keys(problem.fields).length === 0 ? problem.message : null}</FormMessage>
      {meta}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save KYC settings'}
        </button>
      </div>
    </form>
  );
}
