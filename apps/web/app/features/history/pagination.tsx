import type { PaginationMeta } from '@croupier/contracts';
import { useT } from '../../shared/i18n/i18n.tsx';

/** Previous / next with "page x of y" from the list's meta; hidden when everything fits on one page. */
export function Pagination({ meta, onPage }: { meta: PaginationMeta; onPage: (page: number) => void }) {
  const t = useT();
  if (meta.totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('global-components.history.pagination')}>
      <button
        type="button"
        className="button button--ghost"
        disabled={meta.page <= 1}
        onClick={() => onPage(meta.page - 1)}
      >
        {t('global-components.history.previous')}
      </button>
      <span aria-live="polite">
        {t('global-components.history.pageOf', { page: meta.page, pages: meta.totalPages })}
      </span>
      <button
        type="button"
        className="button button--ghost"
        disabled={meta.page >= meta.totalPages}
        onClick={() => onPage(meta.page + 1)}
      >
        {t('global-components.history.next')}
      </button>
    </nav>
  );
}
