import { useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n/i18n.tsx';
import { Alert } from '../ui/alert.tsx';
import { flashOf } from './flash.ts';

/** Shows the notice the navigation brought (alerts.<key>) until dismissed or the next navigation. */
export function FlashNotice() {
  const t = useT();
  const location = useLocation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const key = flashOf(location.state);
  if (!key || dismissed === location.key) return null;
  return (
    <div className="flash">
      <Alert tone="error" title={t(`alerts.${key}.title`)} text={t(`alerts.${key}.text`)} />
      <button type="button" className="link-button" onClick={() => setDismissed(location.key)}>
        {t('global-components.toast.dismiss')}
      </button>
    </div>
  );
}
