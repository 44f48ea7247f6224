import { useContext } from 'react';
import { useLocation } from 'react-router';
import { I18nContextOptional } from '../i18n/i18n.tsx';

const FALLBACK = {
  title: 'Something went wrong',
  text: 'The page you are trying to access does not exist or has been moved. Try going back to our homepage.',
  button: 'Homepage',
  notFound: 'Page Not Found: {path}',
};

/** The spec's error page (§2); wording from the content system wins over the built-in English. */
export function ErrorScreen({ status }: { status: number }) {
  const i18n = useContext(I18nContextOptional);
  const { pathname } = useLocation();
  const text = (key: keyof typeof FALLBACK, params?: Record<string, string>) =>
    i18n ? i18n.t(`global-components.errorPage.${key}`, params) : FALLBACK[key].replace('{path}', params?.path ?? '');
  const home = i18n ? i18n.href('/') : '/';
  return (
    <section className="error-screen" aria-labelledby="error-title">
      {/* No route's meta applies to an error page; React hoists this into <head>. */}
      <title>{text('title')}</title>
      <p className="error-screen__status" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{text('title')}</h1>
      <p>{text('text')}</p>
      {status === 404 && <p className="error-screen__detail">{text('notFound', { path: pathname })}</p>}
      <a className="button button--primary" href={home}>
        {text('button')}
      </a>
    </section>
  );
}
