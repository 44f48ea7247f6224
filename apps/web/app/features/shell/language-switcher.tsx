import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { LANGUAGE_COOKIE, serializeCookie, YEAR_SECONDS } from '../../lib/cookies.ts';
import { useI18n, usePagePath } from '../../shared/i18n/i18n.tsx';
import { localizePath } from '../../shared/i18n/locale.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { useDisclosure } from '../../shared/ui/use-disclosure.ts';

/** Language menu: remembers the choice in the language cookie (spec §4) and opens the same page in it. */
export function LanguageSwitcher() {
  const { t, root } = useI18n();
  const pagePath = usePagePath();
  const location = useLocation();
  const { ref, open, setOpen } = useDisclosure();
  const menuId = useId();
  const current = root.locales.find((l) => l.code === root.locale);

  const choose = (code: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server reads this cookie to pick the locale (spec §4)
    document.cookie = serializeCookie(LANGUAGE_COOKIE, code, {
      maxAgeSeconds: YEAR_SECONDS,
      secure: window.location.protocol === 'https:',
    });
    setOpen(false);
  };

  return (
    <div className="lang" ref={ref}>
      <button
        type="button"
        className="icon-button lang__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        // The name starts with the visible code (WCAG 2.5.3: speech users say what they see).
        aria-label={`${root.locale.toUpperCase()} – ${t('global-components.language.current', { language: current?.nativeName ?? root.locale })}`}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="globe" />
        <span className="lang__code">{root.locale.toUpperCase()}</span>
      </button>
      {open && (
        <ul id={menuId} className="lang__menu" aria-label={t('global-components.language.title')}>
          {root.locales.map((l) => (
            <li key={l.code}>
              <Link
                to={localizePath(pagePath, l.code, root.defaultLocale) + location.search}
                hrefLang={l.code}
                lang={l.code}
                aria-current={l.code === root.locale ? 'true' : undefined}
                className="lang__item"
                onClick={() => choose(l.code)}
              >
                {l.nativeName}
                {l.code === root.locale && <Icon name="check" size={16} />}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
