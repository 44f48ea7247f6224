import { useFieldDefinitions } from '../../shared/forms/use-field-definitions.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useSession } from '../../shared/session/session.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { EmailConfirmation } from './email-confirmation.tsx';
import { ProfileForm } from './profile-form.tsx';
import { PromoToggles } from './promo-toggles.tsx';

/** /profile/info: confirmation banner, the personal-info form and the promotion toggles. */
export function ProfileInfo() {
  const t = useT();
  const { profile, setProfile } = useSession();
  const { state, retry } = useFieldDefinitions('profile');
  if (!profile) return <Skeleton lines={4} />;
  return (
    <div className="stack">
      <EmailConfirmation profile={profile} />
      {state.status === 'loading' && <Skeleton lines={6} />}
      {state.status === 'failed' && (
        <div>
          <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
          <button type="button" className="button button--ghost" onClick={retry}>
            {t('global-components.common.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && <ProfileForm fields={state.fields} profile={profile} onSaved={setProfile} />}
      <PromoToggles profile={profile} onSaved={setProfile} />
    </div>
  );
}
