import { useT } from '../../shared/i18n/i18n.tsx';
import { createLiveValue } from '../../shared/live/live-value.ts';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useMoney } from '../../shared/money/use-money.ts';
import './payment.css';

/** GET /api/risk/reasons/turn-over-wager (api-contract §12), as the wallet stores it when it fetches it. */
export interface TurnOverWager {
  total: number;
  turnOverWager: number;
  turnOverWagerAmount: number;
  currency: string;
}

// Filled by the wallet once the risk endpoint exists (bonus issue); until then nothing is shown as figures.
const current = createLiveValue<TurnOverWager | null>(null);
export const setTurnOverWager = (value: TurnOverWager | null): void => current.set(value);

/** Turnover still owed before a withdrawal (spec §4): total, multiplier, placed and remaining. */
export function TurnOverWagerModal({ close, titleId }: ModalProps) {
  const t = useT();
  const { format } = useMoney();
  const data = current.use();
  return (
    <div className="modal-message">
      <h2 id={titleId}>{t('global-components.payment.turnOver.title')}</h2>
      <p>{t('global-components.payment.turnOver.text')}</p>
      {data && (
        <dl className="payment-turnover">
          <dt>{t('global-components.payment.turnOver.total')}</dt>
          <dd>{format(data.total, data.currency)}</dd>
          <dt>{t('global-components.payment.turnOver.multiplier')}</dt>
          <dd>×{data.turnOverWager}</dd>
          <dt>{t('global-components.payment.turnOver.placed')}</dt>
          <dd>{format(data.total - data.turnOverWagerAmount, data.currency)}</dd>
          <dt>{t('global-components.payment.turnOver.remaining')}</dt>
          <dd>{format(data.turnOverWagerAmount, data.currency)}</dd>
        </dl>
      )}
      <button type="button" className="button button--primary button--block" onClick={close}>
        {t('global-components.payment.result.continue')}
      </button>
    </div>
  );
}
