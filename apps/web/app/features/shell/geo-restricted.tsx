import type { ReactNode } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { DemoRibbon } from './demo-ribbon.tsx';

/** Paths a geo-restricted visitor may still open: how to reach support, and the legal texts. */
export const reachableWhenRestricted = (path: string) => path === '/contact' || path.startsWith('/static/');

/**
 * The geo-restricted layout (spec §2, §6): no games, no sign-up; a notice, or the contact and legal
 * pages inside the same minimal frame.
 */
export function GeoRestricted({ country, children }: { country: string; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="geo-restricted" data-testid="geo-restricted">
      <DemoRibbon />
      <header className="geo-restricted__header">
        <LocalLink to="/" className="logo">
          <span className="logo__mark" aria-hidden="true">
            ♠
          </span>
          <span className="logo__text">{t('layout.meta.siteName')}</span>
        </LocalLink>
      </header>
      <main id="main" className="geo-restricted__main">
        {children ?? (
          <div className="geo-restricted__card">
            <h1>{t('layout.geoRestricted.title')}</h1>
            <p>{t('layout.geoRestricted.text', { country })}</p>
            <LocalLink className="button button--primary" to="/contact">
              {t('layout.geoRestricted.contact')}
            </LocalLink>
          </div>
        )}
      </main>
    </div>
  );
}
