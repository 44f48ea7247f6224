import type { WithdrawalSettingsView } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { amountField, thresholdText } from '../../lib/settings-form.ts';
import { Field } from '../../ui/field.tsx';
import { Fact, SettingsFacts, SettingsForm, SettingsPanel, useSettingsSave } from './settings-form.tsx';

export const withdrawalSettingsKey = ['settings', 'withdrawals'] as const;

/** The withdrawal thresholds (§6): auto-approval below, four-eyes above, in EUR; read-only without settings:write. */
export function WithdrawalSettingsForm({ editable }: { editable: boolean }) {
  const settings = useQuery({
    queryKey: withdrawalSettingsKey,
    queryFn: async (): Promise<WithdrawalSettingsView> => (await api.settings.withdrawals()).data,
  });
  return (
    <SettingsPanel
      id="settings-withdrawals"
      title="Withdrawal thresholds"
      loading="Loading the withdrawal thresholds"
      settings={settings}
    >
      {(current) => (editable ? <Form current={current} /> : <Facts current={current} />)}
    </SettingsPanel>
  );
}

function Facts({ current }: { current: WithdrawalSettingsView }) {
  return (
    <SettingsFacts current={current}>
      <Fact term="Auto-approve below" testId="auto-approve-below">
        {thresholdText(current.autoApproveBelow, 'Never')}
      </Fact>
      <Fact term="Four-eyes above" testId="four-eyes-above">
        {thresholdText(current.fourEyesAbove, 'Never')}
      </Fact>
    </SettingsFacts>
  );
}

function Form({ current }: { current: WithdrawalSettingsView }) {
  const { save, problem, setProblem } = useSettingsSave({
    queryKey: withdrawalSettingsKey,
    save: (body: { autoApproveBelow: number; fourEyesAbove: number | null; reason: string }) =>
      api.settings.setWithdrawals({ body }),
    saved: (data) =>
      `Withdrawal thresholds saved: auto-approve below ${thresholdText(data.autoApproveBelow)}, four-eyes above ${thresholdText(data.fourEyesAbove)}.`,
    failure: 'The thresholds were not saved',
  });
  const submit = (form: FormData, reason: string) => {
    const below = amountField(String(form.get('autoApproveBelow') ?? ''), 'zero');
    const above = amountField(String(form.get('fourEyesAbove') ?? ''), 'never');
    const fields: Record<string, string> = {};
    if (!below.ok) fields.autoApproveBelow = below.message;
    if (!above.ok) fields.fourEyesAbove = above.message;
    if (!below.ok || !above.ok) {
      setProblem({ message: 'Check the amounts.', fields, code: null, status: 0 });
      return;
    }
    save.mutate({ autoApproveBelow: below.value ?? 0, fourEyesAbove: above.value, reason });
  };
  return (
    <SettingsForm
      current={current}
      problem={problem}
      pending={save.isPending}
      submitLabel="Save thresholds"
      onSubmit={submit}
    >
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
    </SettingsForm>
  );
}
