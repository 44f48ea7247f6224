import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/i18n.tsx';
import { Icon } from '../ui/icons.tsx';
import type { Toast, ToastQueue } from './toast-queue.ts';

const none: readonly Toast[] = [];

/** A circled "i": the icon set has no information sign. */
function InfoIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v6M12 7.5v.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The stack of alerts (z-index 5000, spec §9) in a polite live region, so screen readers announce
 * each one without interrupting. Hover or focus pauses a toast's countdown.
 */
export function ToastRegion({ queue }: { queue: ToastQueue }) {
  const t = useT();
  const toasts = useSyncExternalStore(queue.subscribe, queue.getSnapshot, () => none);
  return (
    <section
      className="toasts"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={t('global-components.toast.region')}
    >
      {toasts.map((toast) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the countdown; the dismiss button is the control
        <div
          key={toast.id}
          className={`toast toast--${toast.type}`}
          data-testid="toast"
          onMouseEnter={() => queue.pause(toast.id)}
          onMouseLeave={() => queue.resume(toast.id)}
          onFocus={() => queue.pause(toast.id)}
          onBlur={() => queue.resume(toast.id)}
        >
          <span className="toast__icon" aria-hidden="true">
            {toast.type === 'info' ? <InfoIcon /> : <Icon name={toast.type === 'success' ? 'check' : 'alert'} />}
          </span>
          <div className="toast__body">
            <p className="toast__title">{toast.title}</p>
            {toast.description && <p className="toast__text">{toast.description}</p>}
          </div>
          <button
            type="button"
            className="icon-button toast__close"
            aria-label={t('global-components.toast.dismiss')}
            onClick={() => queue.dismiss(toast.id)}
          >
            <Icon name="close" />
          </button>
        </div>
      ))}
    </section>
  );
}
