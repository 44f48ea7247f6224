import type { ContentLocale, ContentPageRow } from '@croupier/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { formatTime } from '../../lib/format.ts';
import { SimpleTable } from '../../ui/simple-table.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { OriginBadge } from './origin-badge.tsx';
import { contentKeys, localeName, newPageHref, PAGE_FOLDER_NAMES, pageHref } from './params.ts';

/** A locale's static, bonus and questions pages, where each comes from, each a link to its editor. */
export function PagesList({ locale }: { locale: ContentLocale }) {
  const pages = useQuery({
    queryKey: contentKeys.pages(locale),
    queryFn: async (): Promise<ContentPageRow[]> => (await api.content.pages({ params: { locale } })).data,
  });
  return (
    <section className="panel" aria-labelledby="content-pages">
      <div className="page-header">
        <h2 id="content-pages">Pages in {localeName(locale)}</h2>
        <Link className="button button--primary" to={newPageHref(locale)}>
          New page
        </Link>
      </div>
      {pages.isPending ? (
        <Skeleton lines={6} label="Loading the pages" />
      ) : pages.error ? (
        <p className="form-message" role="alert">
          {problemOf(pages.error).message}
        </p>
      ) : (
        <SimpleTable
          caption={`Pages in ${localeName(locale)}`}
          headers={['Page', 'Kind', 'Address', 'State', 'Last change']}
          empty="No pages."
          rows={pages.data.map((p) => ({
            key: `${p.folder}/${p.identity}`,
            cells: [
              <Link key="title" to={pageHref(locale, p.folder, p.identity)}>
                {p.title}
              </Link>,
              PAGE_FOLDER_NAMES[p.folder],
              <code key="path">
                /{p.folder}/{p.identity}
              </code>,
              <OriginBadge key="origin" origin={p.origin} />,
              p.updatedAt ? `${formatTime(p.updatedAt)} UTC` : '—',
            ],
          }))}
        />
      )}
    </section>
  );
}
