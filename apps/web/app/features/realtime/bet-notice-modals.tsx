import { useEffect } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { displayUnit, findCurrency, toDisplayAmount, useCurrencies } from '../../shared/money/money.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { parseMaxBetType } from './bet-notices.ts';
import { getOpenGame } from './open-game.ts';

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
