import type { Rule } from '@croupier/contracts';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, statusOf } from '../../shared/forms/api-errors.ts';
import { Field } from '../../shared/forms/field.tsx';
import { useValidator } from '../../shared/forms/use-validator.ts';
import { phoneDigits } from '../../shared/forms/validation.ts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useModals } from '../../shared/modals/use-modals.ts';
import { deviceFingerprint } from '../../shared/session/fingerprint.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { AuthTabs } from './auth-tabs.tsx';
import { type AuthTab, availableTabs } from './registration.ts';
import { SOCIAL_EMAIL_HINT } from './social.ts';
import { SocialButtons } from './social-buttons.tsx';

const RULES: Record<AuthTab, Record<string, Rule[]>> = {
  email: { login: [{ name: 'required' }, { name: 'email' }], password: [{ name: 'required' }] },
  phone: { login: [{ name: 'required' }, { name: 'phone' }], password: [{ name: 'required' }] },
};

type Failure = 'wrongCredentials' | 'accountBlocked' | 'somethingWentWrong';

/**
 * Sign in by e-mail or phone and password (api-contract §3.1): 401 → the wrong-login hint, 403 → the
 * account-blocked alert, 422 → messages under the inputs. `?sign-in=social-email` (a social sign-in
 * refused with 11001) shows the e-mail-verification hint first.
 */
export function SignInModal({ titleId, type }: ModalProps) {
  const { t, root } = useI18n();
  const session = useSession();
  const modals = useModals();
  const validate = useValidator();
  const tabs = availableTabs(root.auth.registration);
  const [tab, setTab] = useState<AuthTab>(tabs[0]!);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  const changeTab = (next: AuthTab) => {
    setTab(next);
    setLogin('');
    setErrors({});
    setFailure(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = validate(RULES[tab], { login, password });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = {
        login: tab === 'phone' ? phoneDigits(login) : login.trim(),
        password,
        fingerprint: deviceFingerprint(),
      };
      const { data } = await browserApi().player.login({ body });
      session.login(data);
      // Guest-only: the modal host drops ?sign-in as soon as the session exists.
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const status = statusOf(error);
      if (fields) setErrors(fields);
      else if (status === 401) setFailure('wrongCredentials');
      else if (status === 403) setFailure('accountBlocked');
      else setFailure('somethingWentWrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth">
      <h2 id={titleId}>{t('global-components.auth.signInTitle')}</h2>
      <AuthTabs tabs={tabs} active={tab} onChange={changeTab} />
      {type === SOCIAL_EMAIL_HINT && !failure && (
        <Alert
          tone="info"
          title={t('alerts.socialEmailNotVerified.title')}
          text={t('alerts.socialEmailNotVerified.text')}
        />
      )}
      {failure && (
        <Alert
          tone="error"
          title={failure === 'wrongCredentials' ? undefined : t(`alerts.${failure}.title`)}
          text={t(`alerts.${failure}.text`)}
        />
      )}
      <form
        className="form"
        noValidate
        onSubmit={submit}
        role="tabpanel"
        aria-label={t(`global-components.auth.tab${tab === 'email' ? 'Email' : 'Phone'}`)}
      >
        <Field
          key={tab}
          name="login"
          label={t(`fields-settings.fields.${tab}.label`)}
          placeholder={t(`fields-settings.fields.${tab}.placeholder`)}
          type={tab === 'email' ? 'email' : 'tel'}
          inputMode={tab === 'email' ? 'email' : 'tel'}
          autoComplete={tab === 'email' ? 'username email' : 'username tel'}
          value={login}
          onChange={(e) => setLogin(e.currentTarget.value)}
          error={errors.login}
          required
        />
        <Field
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('fields-settings.fields.password.label')}
          placeholder={t('fields-settings.fields.password.placeholder')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required
        />
        <button
          type="button"
          className="link-button link-button--end"
          onClick={() => modals.switchTo('sign-in', 'forgot-pass')}
        >
          {t('global-components.auth.forgotPassword')}
        </button>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('global-components.common.loading') : t('global-components.auth.signInSubmit')}
        </button>
      </form>
      <SocialButtons />
      <p className="auth__switch">
        {t('global-components.auth.noAccount')}{' '}
        <button type="button" className="link-button" onClick={() => modals.switchTo('sign-in', 'sign-up')}>
          {t('global-components.auth.createAccount')}
        </button>
      </p>
    </div>
  );
}
