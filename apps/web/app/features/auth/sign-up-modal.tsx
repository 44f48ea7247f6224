import { type Auth, ErrorCode, type FormField } from '@croupier/contracts';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AFFILIATE_COOKIE, REFERRAL_COOKIE, readCookie } from '../../lib/cookies.ts';
import { trackRegistration } from '../../shared/analytics/data-layer.ts';
import { codeOf, fieldErrorsOf } from '../../shared/forms/api-errors.ts';
import { DynamicField, needsLists } from '../../shared/forms/dynamic-field.tsx';
import type { FieldValue } from '../../shared/forms/field-kinds.ts';
import { useReferenceLists } from '../../shared/forms/reference-lists.ts';
import { useFieldDefinitions } from '../../shared/forms/use-field-definitions.ts';
import { useValidator } from '../../shared/forms/use-validator.ts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useModals } from '../../shared/modals/use-modals.ts';
import { deviceFingerprint } from '../../shared/session/fingerprint.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { AuthTabs } from './auth-tabs.tsx';
import { useOtpSender } from './otp.ts';
import { OtpStep } from './otp-step.tsx';
import {
  type AuthTab,
  availableTabs,
  fieldsForTab,
  filledValues,
  isRendered,
  registrationBody,
  registrationRules,
  valuesForRules,
} from './registration.ts';
import { SocialButtons } from './social-buttons.tsx';

/**
 * Registration by e-mail or by phone with a one-time code (api-contract §2.1, §3.1, §3.3). The form is
 * built from the registration scenario fields; the funnel events go to the data layer.
 */
export function SignUpModal({ titleId }: ModalProps) {
  const { t, root } = useI18n();
  const modals = useModals();
  const { state, retry } = useFieldDefinitions('registration');
  const tabs = availableTabs(root.auth.registration);
  const [tab, setTab] = useState<AuthTab>(tabs[0]!);

  useEffect(() => {
    trackRegistration('open');
  }, []);

  const changeTab = (next: AuthTab) => {
    setTab(next);
    trackRegistration('type', { method: next });
  };

  return (
    <div className="auth">
      <h2 id={titleId}>{t('global-components.auth.signUpTitle')}</h2>
      <AuthTabs tabs={tabs} active={tab} onChange={changeTab} />
      {state.status === 'loading' && <Skeleton lines={5} />}
      {state.status === 'failed' && (
        <>
          <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
          <button type="button" className="button button--ghost button--block" onClick={retry}>
            {t('global-components.common.retry')}
          </button>
        </>
      )}
      {state.status === 'ready' && <SignUpForm key={tab} tab={tab} fields={state.fields} />}
      <SocialButtons />
      <p className="auth__switch">
        {t('global-components.auth.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => modals.switchTo('sign-up', 'sign-in')}>
          {t('global-components.auth.signInLink')}
        </button>
      </p>
    </div>
  );
}

function SignUpForm({ tab, fields: all }: { tab: AuthTab; fields: FormField[] }) {
  const { t, root } = useI18n();
  const session = useSession();
  const validate = useValidator();
  const [search] = useSearchParams();
  const fields = useMemo(() => fieldsForTab(all, tab), [all, tab]);
  const rendered = useMemo(() => fields.filter(isRendered), [fields]);
  const lists = useReferenceLists(needsLists(rendered));
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [codeError, setCodeError] = useState<string>();
  const [pendingBody, setPendingBody] = useState<Record<string, unknown> | null>(null);
  const otp = useOtpSender('registration');

  const onChange = (name: string, value: FieldValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  const succeed = (auth: Auth) => {
    trackRegistration('success', { method: tab });
    session.login(auth);
  };

  /** 422 from the server: messages under the inputs; a field with no input shows in the alert. */
  const showServerFields = (fieldErrors: Record<string, string>) => {
    setErrors(fieldErrors);
    const renderedNames = new Set(rendered.map((f) => f.name));
    setFailed(Object.keys(fieldErrors).some((name) => !renderedNames.has(name)));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailed(false);
    const ctx = { tab, locale: root.locale, geoCountry: root.geo.country, geoCurrency: root.auth.geoCurrency };
    const filled = filledValues(fields, values, ctx);
    const found = validate(registrationRules(fields), valuesForRules(filled));
    setErrors(found);
    if (Object.keys(found).length) {
      setFailed(Object.keys(found).some((name) => !rendered.some((f) => f.name === name)));
      return;
    }
    trackRegistration('submit', { method: tab });
    const body = registrationBody(filled, {
      fingerprint: deviceFingerprint(),
      affiliateTag: readCookie(document.cookie, AFFILIATE_COOKIE),
      referralCode: search.get('ref') ?? readCookie(document.cookie, REFERRAL_COOKIE) ?? '',
    });
    setBusy(true);
    try {
      if (tab === 'email') {
        const { data } = await browserApi().player.register({ body });
        succeed(data);
        return;
      }
      const sent = await otp.send(String(body.phone));
      if (!sent.ok) {
        setErrors({ phone: sent.phoneError });
        return;
      }
      trackRegistration('otp', { method: tab });
      setPendingBody(body);
      setCodeError(undefined);
      setStep('code');
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) showServerFields(fieldErrors);
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (code: string) => {
    if (!pendingBody) return;
    setBusy(true);
    setCodeError(undefined);
    try {
      const { data } = await browserApi().player.registerPhone({ body: { ...pendingBody, code } });
      succeed(data);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (codeOf(error) === ErrorCode.otpWrongCode) setCodeError(t('alerts.otpInvalid.text'));
      else if (fieldErrors?.code) setCodeError(fieldErrors.code);
      else if (fieldErrors) {
        // The form itself was refused: back to it with the messages (api-contract §3.1).
        setStep('form');
        showServerFields(fieldErrors);
      } else setCodeError(t('alerts.somethingWentWrong.text'));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!pendingBody) return;
    const sent = await otp.send(String(pendingBody.phone));
    setCodeError(sent.ok ? undefined : sent.phoneError);
  };

  if (step === 'code' && pendingBody) {
    return (
      <OtpStep
        phone={String(pendingBody.phone)}
        secondsLeft={otp.secondsLeft}
        limited={otp.limited}
        busy={busy}
        error={codeError}
        submitLabel={t('global-components.auth.signUpSubmit')}
        onSubmit={submitCode}
        onResend={resend}
        onBack={() => setStep('form')}
      />
    );
  }

  return (
    <form className="form" noValidate onSubmit={submit}>
      {failed && (
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
      )}
      {rendered.map((field) => (
        <DynamicField
          key={field.name}
          field={field}
          value={values[field.name] ?? ''}
          onChange={onChange}
          error={errors[field.name]}
          required={field.isRequired}
          lists={lists}
        />
      ))}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy
          ? t('global-components.common.loading')
          : t(tab === 'phone' ? 'global-components.auth.sendCode' : 'global-components.auth.signUpSubmit')}
      </button>
    </form>
  );
}
