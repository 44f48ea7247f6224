import type { Profile } from '@croupier/contracts';
import { useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { browserApi } from '../../shared/session/runtime.ts';
import { STORAGE_KEYS, safeStorage } from '../../shared/session/storage.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Icon } from '../../shared/ui/icons.tsx';

/**
 * Shown while the e-mail is unconfirmed (confirmedAt null): resend the link; success or failure is
 * announced, and the resend-verification flag is set after trying (spec §4, §8).
 */
export function EmailConfirmation({ profile }: { profile: Profile }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  if (!profile.email || profile.confirmedAt) return null;

  const resend = async () => {
    setState('sending');
    try {
      await browserApi().player.resendConfirmation();
      setState('sent');
    } catch {
      setState('failed');
    } finally {
      safeStorage.set(STORAGE_KEYS.resendVerification, '1');
    }
  };

  return (
    <div className="card confirm-banner">
      <div className="confirm-banner__text">
        <Icon name="mail" />
        <p>{t('global-components.profileInfo.emailUnconfirmed', { email: profile.email })}</p>
      </div>
      {state === 'sent' && (
        <Alert tone="success" title={t('alerts.resentVerification.title')} text={t('alerts.resentVerification.text')} />
      )}
      {state === 'failed' && (
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
      )}
      <button
        type="button"
        className="button button--ghost"
        onClick={resend}
        disabled={state === 'sending' || state === 'sent'}
      >
        {state === 'sending' ? t('global-components.common.loading') : t('global-components.profileInfo.resend')}
      </button>
    </div>
  );
}
