import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PWA_FLAG_KEY } from '../../shared/session/pwa.ts';

/**
 * Query flags handled in the browser (spec §2): `source=pwa` marks an installed-app visit, remembered
 * so the accounts feature can send pwaInstalled once. (`stag` is handled on the server; `sign-in=true`
 * is a modal query and opens through the modal host.)
 */
export function QueryFlags() {
  const [params] = useSearchParams();
  const source = params.get('source');
  useEffect(() => {
    const standalone = window.matchMedia?.('(display-mode: standalone)').matches;
    if (source === 'pwa' || standalone) {
      try {
        localStorage.setItem(PWA_FLAG_KEY, '1');
      } catch {
        // Storage unavailable: the flag is simply not kept.
      }
    }
  }, [source]);
  return null;
}
