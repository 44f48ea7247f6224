import { useT } from '../i18n/i18n.tsx';

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
