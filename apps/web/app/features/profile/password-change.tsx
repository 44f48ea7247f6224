import { buildFieldRules } from '@croupier/contracts';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf } from '../../shared/forms/api-errors.ts';
import { Field } from '../../shared/forms/field.tsx';
import { useValidator } from '../../shared/forms/use-validator.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { browserApi } from '../../shared/session/runtime.ts';
import { Alert } from '../../shared/ui/alert.tsx';

const NAMES = ['currentPassword', 'newPassword', 'repeatNewPassword'] as const;
type Name = (typeof NAMES)[number];
const RULES = buildFieldRules(NAMES.map((name) => ({ name, isRequired: true })));
const EMPTY: Record<Name, string> = { currentPassword: '', newPassword: '', repeatNewPassword: '' };

/** Password change (PUT /api/player/passwords) with the shared rules; 422 messages under the inputs. */
export function PasswordChange() {
  const t = useT();
  const validate = useValidator();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<'changed' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const found = validate(RULES, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await browserApi().player.changePassword({ body: values });
      setValues(EMPTY);
      setResult('changed');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else setResult('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title" className="card__title">
        {t('global-components.security.passwordTitle')}
      </h2>
      <form className="form" noValidate onSubmit={submit}>
        {result === 'changed' && (
          <Alert tone="success" title={t('alerts.passwordChanged.title')} text={t('alerts.passwordChanged.text')} />
        )}
        {result === 'failed' && (
          <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
        )}
        {NAMES.map((name) => (
          <Field
            key={name}
            name={name}
            type="password"
            autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
            label={t(`fields-settings.fields.${name}.label`)}
            placeholder={t(`fields-settings.fields.${name}.placeholder`)}
            value={values[name]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, [name]: value }));
            }}
            error={errors[name]}
            required
          />
        ))}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('global-components.common.loading') : t('global-components.security.passwordSubmit')}
        </button>
      </form>
    </section>
  );
}
