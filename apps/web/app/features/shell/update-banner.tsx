import { useEffect, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { guardedReload } from './reload-guard.ts';

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

/**
 * Polls the build version; when a new deploy is out, offers a reload. A failed lazy chunk (the old
 * build's files are gone) reloads at once, behind the reload guard.
 */
export function UpdateBanner() {
  const { t, root } = useI18n();
  const [outdated, setOutdated] = useState(false);
  const { manifestPollSeconds, reloadGuardSeconds } = root.site;

  useEffect(() => {
    const current = window.__reactRouterManifest?.version;
    const check = async () => {
      try {
        const res = await fetch('/build-version.json', { cache: 'no-store' });
        if (!res.ok) return;
        const { version } = (await res.json()) as { version: string };
        if (current && version && version !== current) setOutdated(true);
      } catch {
        // Offline or restarting: try again at the next tick.
      }
    };
    const timer = setInterval(check, manifestPollSeconds * 1000);
    const onPreloadError = (event: Event) => {
      if (guardedReload(reloadGuardSeconds)) event.preventDefault();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => {
      clearInterval(timer);
      window.removeEventListener('vite:preloadError', onPreloadError);
    };
  }, [manifestPollSeconds, reloadGuardSeconds]);

  if (!outdated) return null;
  return (
    <div className="update-banner" role="status">
      <span>{t('layout.update.text')}</span>
      <button type="button" className="button button--primary" onClick={() => guardedReload(reloadGuardSeconds)}>
        {t('layout.update.reload')}
      </button>
    </div>
  );
}
