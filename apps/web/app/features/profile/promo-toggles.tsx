import type { Profile } from '@croupier/contracts';
import { useState } from 'react';
import { CheckboxField } from '../../shared/forms/checkbox-field.tsx';
import { useT } from '../../shared/i18n/i18n.tsx';
import { browserApi } from '../../shared/session/runtime.ts';
import { Alert } from '../../shared/ui/alert.tsx';

type Promo = 'receiveEmailPromo' | 'receiveSmsPromo';

/** E-mail and SMS promotions, each saved on its own as `{ receiveEmailPromo: bool }` (api-contract §4). */
export function PromoToggles({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const t = useT();
  const [busy, setBusy] = useState<Promo | null>(null);
  const [failed, setFailed] = useState(false);

  const toggle = async (name: Promo, value: boolean) => {
    setBusy(name);
    setFailed(false);
    try {
      const { data } = await browserApi().player.updateProfile({ body: { [name]: value } });
      onSaved(data);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <fieldset className="card form">
      <legend className="card__title">{t('global-components.profileInfo.promotions')}</legend>
      {failed && (
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
      )}
      {(['receiveEmailPromo', 'receiveSmsPromo'] as const).map((name) => (
        <CheckboxField
          key={name}
          name={name}
          role="switch"
          label={t(`fields-settings.fields.${name}.label`)}
          checked={profile[name]}
          disabled={busy === name}
          aria-busy={busy === name || undefined}
          onChange={(e) => toggle(name, e.currentTarget.checked)}
        />
      ))}
    </fieldset>
  );
}
