import { ErrorCode, type Rule } from '@croupier/contracts';
import { type FormEvent, useState } from 'react';
import { codeOf, fieldErrorsOf } from '../../shared/forms/api-errors.ts';
import { Field } from '../../shared/forms/field.tsx';
import { useValidator } from '../../shared/forms/use-validator.ts';
import { phoneDigits } from '../../shared/forms/validation.ts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useModals } from '../../shared/modals/use-modals.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { AuthTabs } from './auth-tabs.tsx';
import { useOtpSender } from './otp.ts';
import { OtpStep } from './otp-step.tsx';
import type { AuthTab } from './registration.ts';

const RULES: Record<AuthTab, Record<string, Rule[]>> = {
  email: { email: [{ name: 'required' }, { name: 'email' }] },
  phone: { phone: [{ name: 'required' }, { name: 'phone' }] },
};

/**
 * Forgotten password (api-contract §3.3, §4): by e-mail a reset link is sent; by phone (when OTP is
 * enabled) a code is sent and verified, and its answer opens reset-pass with the reset code.
 */
export function ForgotPassModal({ titleId }: ModalProps) {
  const { t, root } = useI18n();
  const modals = useModals();
  const validate = useValidator();
  const tabs: AuthTab[] = root.auth.otpEnabled ? ['email', 'phone'] : ['email'];
  const [tab, setTab] = useState<AuthTab>('email');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [failed, setFailed] = useState(false);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [phone, setPhone] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string>();
  const otp = useOtpSender('changingPass');

  const changeTab = (next: AuthTab) => {
    setTab(next);
    setValue('');
    setError(undefined);
    setFailed(false);
    setSent(false);
    setPhone(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailed(false);
    const found = validate(RULES[tab], { [tab]: value });
    setError(found[tab]);
    if (found[tab]) return;
    setBusy(true);
    try {
      if (tab === 'email') {
        await browserApi().player.resetPassword({ body: { email: value.trim() } });
        setSent(true);
        return;
      }
      const digits = phoneDigits(value);
      const result = await otp.send(digits);
      if (!result.ok) setError(result.phoneError);
      else setPhone(digits);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields?.[tab]) setError(fields[tab]);
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (code: string) => {
    if (!phone) return;
    setBusy(true);
    setCodeError(undefined);
    try {
      const { data } = await browserApi().player.otpVerify({ body: { phone, code, reason: 'changingPass' } });
      modals.switchTo('forgot-pass', 'reset-pass', { resetCode: data.code });
    } catch (err) {
      setCodeError(
        codeOf(err) === ErrorCode.otpWrongCode
          ? t('alerts.otpInvalid.text')
          : (fieldErrorsOf(err)?.code ?? t('alerts.somethingWentWrong.text')),
      );
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!phone) return;
    const result = await otp.send(phone);
    setCodeError(result.ok ? undefined : result.phoneError);
  };

  return (
    <div className="auth">
      <h2 id={titleId}>{t('global-components.auth.forgotTitle')}</h2>
      <AuthTabs tabs={tabs} active={tab} onChange={changeTab} />
      {failed && (
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
      )}
      {sent ? (
        <Alert tone="success" title={t('alerts.passwordResetSent.title')} text={t('alerts.passwordResetSent.text')} />
      ) : phone ? (
        <OtpStep
          phone={phone}
          secondsLeft={otp.secondsLeft}
          limited={otp.limited}
          busy={busy}
          error={codeError}
          submitLabel={t('global-components.auth.verifyCode')}
          onSubmit={verify}
          onResend={resend}
          onBack={() => setPhone(null)}
        />
      ) : (
        <form className="form" noValidate onSubmit={submit}>
          <p className="muted">
            {t(tab === 'email' ? 'global-components.auth.forgotEmailIntro' : 'global-components.auth.forgotPhoneIntro')}
          </p>
          <Field
            key={tab}
            name={tab}
            type={tab === 'email' ? 'email' : 'tel'}
            inputMode={tab === 'email' ? 'email' : 'tel'}
            autoComplete={tab === 'email' ? 'email' : 'tel'}
            label={t(`fields-settings.fields.${tab}.label`)}
            placeholder={t(`fields-settings.fields.${tab}.placeholder`)}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            required
          />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy
              ? t('global-components.common.loading')
              : t(tab === 'email' ? 'global-components.auth.sendLink' : 'global-components.auth.sendCode')}
          </button>
        </form>
      )}
      <p className="auth__switch">
        <button type="button" className="link-button" onClick={() => modals.switchTo('forgot-pass', 'sign-in')}>
          {t('global-components.auth.backToSignIn')}
        </button>
      </p>
    </div>
  );
}
