import { useT } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { Alert } from '../../shared/ui/alert.tsx';

/** Error 13100 on deposit methods: no methods, and the way to the player's limits (spec §8). Leaving the page closes the wallet. */
export function DepositLimitPanel() {
  const t = useT();
  return (
    <div className="payment-empty" data-testid="deposit-limit">
      <Alert tone="error" title={t('alerts.depositLimitReached.title')} text={t('alerts.depositLimitReached.text')} />
      <LocalLink to="/profile/limits" className="button button--ghost button--block">
        {t('global-components.payment.reviewLimits')}
      </LocalLink>
    </div>
  );
}
