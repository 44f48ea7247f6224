import { useEffect } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import type { ModalProps } from '../modals/registry.ts';
import { Icon } from '../ui/icons.tsx';
import { displayUnit, findCurrency, toDisplayAmount, useCurrencies } from '../wallet/money.ts';
import { getOpenGame } from './open-game.ts';

/** `?max-bets=5-EUR`: the limit travels in the address so a reload shows the same notice. */
export const maxBetType = (amount: number, currency: string) => `${amount}-${currency}`;

export function parseMaxBetType(type: string): { amount: number; currency: string } | null {
  const match = /^(\d+(?:\.\d+)?)-([A-Za-z0-9]{2,10})$/.exec(type);
  return match?.[1] && match[2] ? { amount: Number(match[1]), currency: match[2] } : null;
}

function Notice({ titleId, title, text, close }: { titleId: string; title: string; text: string; close: () => void }) {
  const { t } = useI18n();
  return (
    <div className="modal-message">
      <span className="modal-message__icon" aria-hidden="true">
        <Icon name="alert" size={32} />
      </span>
      <h2 id={titleId}>{title}</h2>
      <p>{text}</p>
      <button type="button" className="button button--primary button--block" onClick={close}>
        {t('global-components.notifications.understood')}
      </button>
    </div>
  );
}

/** game.bet.restricted on the open game (api-contract §14.2 list 3). */
export function RestrictedBetsModal({ close, titleId }: ModalProps) {
  const { t } = useI18n();
  return (
    <Notice
      titleId={titleId}
      title={t('alerts.restrictedBets.title')}
      text={t('alerts.restrictedBets.text')}
      close={close}
    />
  );
}

/** game.bet.max.exceed: the bonus's maximum bet; closing it restarts the open game. */
export function MaxBetsModal({ type, close, titleId }: ModalProps) {
  const { t, locale } = useI18n();
  const currencies = useCurrencies();
  const limit = parseMaxBetType(type);
  const currency = findCurrency(currencies, limit?.currency);
  // The text carries its own "{amount} {currency}": shown in the display unit (mBTC for BTC, spec §9).
  const amount = currency ? toDisplayAmount(limit?.amount ?? 0, currency) : (limit?.amount ?? 0);
  const params = {
    amount: amount.toLocaleString(locale, {
      minimumFractionDigits: currency?.type === 'fiat' ? displayUnit(currency).decimals : 0,
      maximumFractionDigits: currency ? displayUnit(currency).decimals : 8,
    }),
    currency: currency ? displayUnit(currency).code : (limit?.currency ?? ''),
  };
  // A hand-made address without a valid limit has nothing to show.
  useEffect(() => {
    if (!limit) close();
  }, [limit, close]);
  if (!limit) return null;
  const done = () => {
    close();
    getOpenGame()?.restart?.();
  };
  return (
    <Notice titleId={titleId} title={t('alerts.maxBet.title')} text={t('alerts.maxBet.text', params)} close={done} />
  );
}
