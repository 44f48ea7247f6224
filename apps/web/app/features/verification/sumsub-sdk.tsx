import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { SUMSUB_SDK_URL } from './verification.ts';

interface SnsBuilder {
  withConf(conf: Record<string, unknown>): SnsBuilder;
  withOptions(options: Record<string, unknown>): SnsBuilder;
  on(event: string, handler: (...args: unknown[]) => void): SnsBuilder;
  build(): { launch(selector: string): void };
}
declare global {
  interface Window {
    snsWebSdk?: { init(token: string, refresh: () => Promise<string>): SnsBuilder };
  }
}

let loading: Promise<void> | null = null;

/** Adds Sumsub's script once, without a nonce: the site's CSP decides whether it may run. */
function loadSdk(): Promise<void> {
  if (window.snsWebSdk) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SUMSUB_SDK_URL;
    script.async = true;
    script.onload = () => (window.snsWebSdk ? resolve() : reject(new Error('Sumsub SDK missing')));
    script.onerror = () => reject(new Error('Sumsub SDK blocked or unreachable'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The real provider's WebSDK, only for a real (non-sandbox) token.
 *
 * Known limitation: the SDK loads from Sumsub's CDN and frames Sumsub's pages, and the site's
 * Content-Security-Policy (apps/server/src/site/plugin.ts: script-src 'self' + nonce, frame-src 'self',
 * connect-src 'self') allows neither. The script is added without the page nonce on purpose, so the CSP
 * stays the judge: today the load is refused and the page explains that the live provider needs the
 * SUMSUB_* server settings and a CSP allowing static.sumsub.com (script-src) and *.sumsub.com
 * (frame-src, connect-src). Without SUMSUB_* the server issues sandbox tokens and this never runs.
 */
export function SumsubSdk({ token, refreshToken }: { token: string; refreshToken: () => Promise<string> }) {
  const { t, locale } = useI18n();
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const refresh = useRef(refreshToken);
  refresh.current = refreshToken;

  useEffect(() => {
    let live = true;
    loadSdk().then(
      () => {
        if (!live || !window.snsWebSdk) return;
        try {
          window.snsWebSdk
            .init(token, () => refresh.current())
            .withConf({ lang: locale.slice(0, 2) })
            .withOptions({ addViewportTag: false, adaptIframeHeight: true })
            .build()
            .launch('#sumsub-websdk');
          setState('ready');
        } catch {
          setState('unavailable');
        }
      },
      () => {
        if (live) setState('unavailable');
      },
    );
    return () => {
      live = false;
    };
  }, [token, locale]);

  if (state === 'unavailable') {
    return (
      <Alert
        tone="error"
        title={t('global-components.verification.providerUnavailableTitle')}
        text={t('global-components.verification.providerUnavailable')}
      />
    );
  }
  return (
    <>
      {state === 'loading' && <Skeleton lines={4} />}
      <div id="sumsub-websdk" />
    </>
  );
}
