import type { ContentLocale, MissingTranslations } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { contentKeys, FOLDER_NAMES, localeName, PAGE_FOLDER_NAMES, pageHref } from './params.ts';

/** What the default locale has and this one lacks: the site shows the default's text there meanwhile. */
export function MissingList({ locale }: { locale: ContentLocale }) {
  const missing = useQuery({
    queryKey: contentKeys.missing(locale),
    queryFn: async (): Promise<MissingTranslations> => (await api.content.missing({ params: { locale } })).data,
  });
  if (missing.isPending) return <Skeleton lines={6} label="Loading the missing translations" />;
  if (missing.error) {
    return (
      <p className="form-message" role="alert">
        {problemOf(missing.error).message}
      </p>
    );
  }
  const { texts, pages } = missing.data;
  return (
    <section className="panel" aria-labelledby="content-missing">
      <h2 id="content-missing">Missing in {localeName(locale)}</h2>
      {texts.length === 0 && pages.length === 0 ? (
        <p data-testid="nothing-missing">
          Nothing is missing: every text and page of the default locale is translated.
        </p>
      ) : (
        <>
          <h3>Pages ({pages.length})</h3>
          <ul data-testid="missing-pages">
            {pages.map((p) => (
              <li key={`${p.folder}/${p.identity}`}>
                <Link to={pageHref(locale, p.folder, p.identity)}>
                  {PAGE_FOLDER_NAMES[p.folder]}: {p.identity}
                </Link>
              </li>
            ))}
          </ul>
          <h3>Texts ({texts.length})</h3>
          <ul data-testid="missing-texts">
            {texts.slice(0, 500).map((t) => (
              <li key={`${t.folder}/${t.key}`}>
                <Link to={`/content?locale=${locale}&tab=texts&folder=${t.folder}&q=${encodeURIComponent(t.key)}`}>
                  {FOLDER_NAMES[t.folder]}: <code>{t.key}</code>
                </Link>
              </li>
            ))}
          </ul>
          {texts.length > 500 && <p className="muted">And {texts.length - 500} more.</p>}
        </>
      )}
    </section>
  );
}
