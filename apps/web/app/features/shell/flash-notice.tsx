import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { flashOf } from './flash.ts';

/**
 * Shows the notice a navigation brought (alerts.<key>) as an error alert of the toast queue, once per
 * navigation. Renders nothing itself: the toast region does.
 */
export function FlashNotice() {
  const t = useT();
  const toasts = useToasts();
  const location = useLocation();
  const shown = useRef<string | null>(null);
  const key = flashOf(location.state);
  useEffect(() => {
    if (!key || shown.current === location.key) return;
    shown.current = location.key;
    toasts.show({
      type: 'error',
      title: t(`alerts.${key}.title`),
      description: t(`alerts.${key}.text`),
      durationMs: 8000,
    });
  }, [key, location.key, t, toasts]);
  return null;
}
