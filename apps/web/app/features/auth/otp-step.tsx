import { type FormEvent, useState } from 'react';
import { Field } from '../../shared/forms/field.tsx';
import { useValidator } from '../../shared/forms/use-validator.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { OTP_RULES } from './otp.ts';

interface Props {
  phone: string;
  secondsLeft: number;
  limited: boolean;
  busy: boolean;
  /** Error from the server for the code (wrong code), shown under the input. */
  error?: string;
  submitLabel: string;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/** The code step of a phone flow: enter the SMS code, resend after the timer, or change the number. */
export function OtpStep({ phone, secondsLeft, limited, busy, error, submitLabel, onSubmit, onResend, onBack }: Props) {
  const t = useT();
  const validate = useValidator();
  const [code, setCode] = useState('');
  const [clientError, setClientError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(OTP_RULES, { code });
    setClientError(found.code);
    if (!found.code) onSubmit(code);
  };
  return (
    <form className="form" noValidate onSubmit={submit}>
      <p className="muted">{t('global-components.auth.codeSentTo', { phone: `+${phone}` })}</p>
      <Field
        name="code"
        label={t('fields-settings.fields.code.label')}
        placeholder={t('fields-settings.fields.code.placeholder')}
        hint={t('fields-settings.fields.code.hint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
        error={clientError ?? error}
        required
      />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? t('global-components.common.loading') : submitLabel}
      </button>
      <div className="form__row">
        <button type="button" className="link-button" onClick={onBack}>
          {t('global-components.auth.changePhone')}
        </button>
        <button type="button" className="link-button" onClick={onResend} disabled={busy || limited || secondsLeft > 0}>
          {secondsLeft > 0
            ? t('global-components.auth.resendIn', { seconds: secondsLeft })
            : t('global-components.auth.resend')}
        </button>
      </div>
      {limited && <p className="field__error">{t('alerts.otpLimit.text')}</p>}
    </form>
  );
}
