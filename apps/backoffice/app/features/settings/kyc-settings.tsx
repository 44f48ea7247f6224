import type { KycSettings, KycSettingsView } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { amountField, thresholdText } from '../../lib/settings-form.ts';
import { Field } from '../../ui/field.tsx';
import { Fact, SettingsFacts, SettingsForm, SettingsPanel, useSettingsSave } from './settings-form.tsx';

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
    <SettingsPanel id="settings-kyc" title="KYC" loading="Loading the KYC settings" settings={settings}>
      {(current) => (editable ? <Form current={current} /> : <Facts current={current} />)}
    </SettingsPanel>
  );
}

function Facts({ current }: { current: KycSettingsView }) {
  return (
    <SettingsFacts current={current}>
      <Fact term="Provider">{PROVIDERS.find((p) => p.value === current.provider)?.label ?? current.provider}</Fact>
      <Fact term="A person confirms the provider's decisions">{current.confirmProviderResults ? 'Yes' : 'No'}</Fact>
      <Fact term="Threshold (deposits or withdrawals)">{thresholdText(current.thresholdEur)}</Fact>
      <Fact term="Withdrawals wait for KYC at the threshold">{current.blockWithdrawalsAtThreshold ? 'Yes' : 'No'}</Fact>
    </SettingsFacts>
  );
}

function Form({ current }: { current: KycSettingsView }) {
  const { save, problem, setProblem } = useSettingsSave({
    queryKey: kycSettingsKey,
    save: (body: KycSettings & { reason: string }) => api.kyc.updateSettings({ body }),
    saved: () => 'KYC settings saved.',
    failure: 'The KYC settings were not saved',
  });
  const submit = (form: FormData, reason: string) => {
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
      reason,
    });
  };
  return (
    <SettingsForm
      current={current}
      problem={problem}
      pending={save.isPending}
      submitLabel="Save KYC settings"
      onSubmit={submit}
    >
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
    </SettingsForm>
  );
}
