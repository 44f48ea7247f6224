import { useT } from '../../shared/i18n/i18n.tsx';
import { useToasts } from '../../shared/toasts/use-toasts.ts';

/** Copies a value (address, tag) and confirms with the "copied" alert. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useT();
  const toasts = useToasts();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toasts.show({ type: 'success', title: t('alerts.copied.title'), description: t('alerts.copied.text') });
    } catch {
      toasts.show({
        type: 'error',
        title: t('alerts.somethingWentWrong.title'),
        description: t('alerts.somethingWentWrong.text'),
      });
    }
  };
  return (
    <button type="button" className="button button--ghost payment-copy" onClick={() => void copy()} aria-label={label}>
      {t('global-components.payment.copy')}
    </button>
  );
}
