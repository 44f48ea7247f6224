import { useT } from '../../shared/i18n/i18n.tsx';
import { Alert } from '../../shared/ui/alert.tsx';

/** Placeholder rows while the methods load. */
export function MethodsSkeleton() {
  const t = useT();
  return (
    <div
      className="skeleton payment-skeleton"
      role="status"
      aria-busy="true"
      aria-label={t('global-components.common.loading')}
    >
      <span className="skeleton__line payment-skeleton__tiles" />
      <span className="skeleton__line" />
      <span className="skeleton__line" />
      <span className="skeleton__line" />
    </div>
  );
}

/** The methods could not be loaded: say so and offer to try again. */
export function MethodsFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="payment-empty">
      <Alert tone="error" text={t('global-components.payment.loadFailed')} />
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('global-components.common.retry')}
      </button>
    </div>
  );
}
