import { captureInstallPrompt } from './install-prompt.ts';

/** Runs `fn` once the page has loaded and the browser is idle: after hydration, off the first paint's path. */
function afterLoadIdle(fn: () => void): void {
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(fn, { timeout: 5000 })
      : setTimeout(fn, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * The installable app (decision 0070): the install prompt is kept from the start; the service worker
 * (/sw.js: network-first pages with an offline fallback, cache-first hashed assets) registers after load,
 * in production builds only (the dev server's modules are not hashed assets).
 */
export function startPwa(): void {
  if (typeof window === 'undefined') return;
  captureInstallPrompt();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterLoadIdle(() => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((error: unknown) => console.warn('service worker registration failed', error));
  });
}
