import { buildFieldRules } from '@croupier/contracts';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fieldErrorsOf } from '../../shared/forms/api-errors.ts';
import { Field } from '../../shared/forms/field.tsx';
import { useValidator } from '../../shared/forms/use-validator.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useModals } from '../../shared/modals/use-modals.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { Alert } from '../../shared/ui/alert.tsx';

const RULES = buildFieldRules([
  { name: 'newPassword', isRequired: true },
  { name: 'repeatNewPassword', isRequired: true },
]);

/**
 * New password with the reset code from the address (api-contract §3.4, §4): 422 on `code`, or any
 * failure that is not a field error, shows the invalid-code alert.
 */
export function ResetPassModal({ titleId }: ModalProps) {
  const t = useT();
  const modals = useModals();
  const validate = useValidator();
  const [params] = useSearchParams();
  const code = params.get('resetCode') ?? '';
  const [values, setValues] = useState({ newPassword: '', repeatNewPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<'done' | 'invalidCode' | null>(code ? null : 'invalidCode');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(RULES, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await browserApi().player.confirmPassword({ body: { code, ...values } });
      setResult('done');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields && !fields.code) setErrors(fields);
      else setResult('invalidCode');
    } finally {
      setBusy(false);
    }
  };

  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
  };

  return (
    <div className="auth">
      <h2 id={titleId}>{t('global-components.auth.resetTitle')}</h2>
      {result === 'invalidCode' && (
        <Alert tone="error" title={t('alerts.invalidResetCode.title')} text={t('alerts.invalidResetCode.text')} />
      )}
      {result === 'done' ? (
        <>
          <Alert tone="success" title={t('alerts.passwordChanged.title')} text={t('alerts.passwordChanged.text')} />
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => modals.switchTo('reset-pass', 'sign-in')}
          >
            {t('global-components.common.signIn')}
          </button>
        </>
      ) : result === 'invalidCode' ? (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => modals.switchTo('reset-pass', 'forgot-pass')}
        >
          {t('global-components.auth.requestNewLink')}
        </button>
      ) : (
        <form className="form" noValidate onSubmit={submit}>
          <Field
            name="newPassword"
            type="password"
            autoComplete="new-password"
            label={t('fields-settings.fields.newPassword.label')}
            placeholder={t('fields-settings.fields.newPassword.placeholder')}
            hint={t('fields-settings.fields.newPassword.hint')}
            value={values.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
            required
          />
          <Field
            name="repeatNewPassword"
            type="password"
            autoComplete="new-password"
            label={t('fields-settings.fields.repeatNewPassword.label')}
            placeholder={t('fields-settings.fields.repeatNewPassword.placeholder')}
            value={values.repeatNewPassword}
            onChange={set('repeatNewPassword')}
            error={errors.repeatNewPassword}
            required
          />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t('global-components.common.loading') : t('global-components.auth.resetSubmit')}
          </button>
        </form>
      )}
    </div>
  );
}
