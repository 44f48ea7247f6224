import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';

const LINKS = [
  ['/static/about-us', 'layout.footer.about'],
  ['/static/terms-and-conditions', 'layout.footer.terms'],
  ['/static/privacy-policy', 'layout.footer.privacy'],
  ['/static/responsible-gaming', 'layout.footer.responsibleGaming'],
  ['/static/cookie-policy', 'layout.footer.cookies'],
  ['/questions', 'layout.footer.help'],
  ['/contact', 'layout.footer.contact'],
] as const;

export function Footer() {
  const { t } = useI18n();
  return (
    <footer className="footer">
      <nav aria-label={t('layout.meta.siteName')}>
        <ul className="footer__links">
          {LINKS.map(([to, key]) => (
            <li key={to}>
              <LocalLink to={to}>{t(key)}</LocalLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className="footer__age">
        <span className="badge badge--age" aria-hidden="true">
          18+
        </span>
        {t('layout.footer.ageNotice')}
      </p>
      <p className="footer__license">{t('layout.footer.license')}</p>
      <p className="footer__copyright">{t('layout.footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
