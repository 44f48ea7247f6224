import { useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { useSession } from '../../shared/session/session.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { claimBonusCode, clock, refusalKey, useCodeLock } from './promo-code.tsx';
import './bonuses.css';

const K = 'global-components.bonuses.claim';

/** The text a bonus page's claim renders beyond the shell's (its route loader sends it; issue 15). */
export const BONUS_CLAIM_CONTENT = [
  K,
  'global-components.bonuses.promo',
  'global-components.bonuses.actionFailed',
  'alerts.bonusCodeApplied',
  'alerts.bonusCodeIncorrect',
  'alerts.bonusCodeNotAvailable',
  'alerts.bonusCodeTooManyAttempts',
] as const;

/**
 * A bonus page's claim (spec "Bonus content page", decision 0076): the page names its code (front matter
 * `bonusCode:`). A signed-in player applies it: a code for now (trigger 1) is applied at once; a deposit code
 * is attached to the next deposit (trigger 3) and the wallet's deposit view opens. A guest gets the sign-in
 * modal. Results and errors show as the wallet's promo box shows them (alerts, the 180 s lock).
 */
export function BonusClaim({ code }: { code: string }) {
  const t = useT();
  const toasts = useToasts();
  const modals = useModals();
  const { player } = useSession();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const { left, lock } = useCodeLock();
  const locked = left > 0;

  const alert = (key: string, type: 'error' | 'success') =>
    toasts.show({ type, title: t(`alerts.${key}.title`), description: t(`alerts.${key}.text`) });

  const claim = async () => {
    if (!player) {
      modals.open('sign-in');
      return;
    }
    if (busy || locked) return;
    setBusy(true);
    setMessage(null);
    const outcome = await claimBonusCode(code, false);
    setBusy(false);
    if (outcome.kind === 'applied') {
      setMessage({ tone: 'success', text: t('alerts.bonusCodeApplied.text') });
      alert('bonusCodeApplied', 'success');
    } else if (outcome.kind === 'attached') {
      setMessage({ tone: 'success', text: t('global-components.bonuses.promo.attached', { code }) });
      modals.open('wallet', 'deposit');
    } else if (outcome.kind === 'refused') {
      const key = refusalKey(outcome.status);
      setMessage({ tone: 'error', text: t(`alerts.${key}.text`) });
      alert(key, 'error');
    } else if (outcome.kind === 'locked') {
      lock();
      alert('bonusCodeTooManyAttempts', 'error');
    } else setMessage({ tone: 'error', text: t('global-components.bonuses.actionFailed') });
  };

  return (
    <section className="card bonus-claim" aria-labelledby="bonus-claim-title" data-testid="bonus-claim">
      <span className="promo__icon" aria-hidden="true">
        <Icon name="gift" size={20} />
      </span>
      <div className="bonus-claim__text">
        <h2 id="bonus-claim-title" className="bonus-claim__title">
          {t(`${K}.title`)}
        </h2>
        <p className="bonus-claim__code">{t(`${K}.code`, { code })}</p>
      </div>
      <button type="button" className="button button--primary" disabled={busy || locked} onClick={() => void claim()}>
        {busy ? t(`${K}.claiming`) : player ? t(`${K}.claim`) : t(`${K}.signIn`)}
      </button>
      {message && (
        <p
          className={
            message.tone === 'error' ? 'field__error bonus-claim__message' : 'field__hint bonus-claim__message'
          }
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {locked && (
        <p className="field__hint bonus-claim__message" data-testid="claim-locked">
          {t('global-components.bonuses.promo.locked', { time: clock(left) })}
        </p>
      )}
    </section>
  );
}
