import { useRef } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { LocalNavLink } from '../../shared/i18n/link.tsx';
import { useCurrentTabInView } from '../../shared/ui/use-current-tab-in-view.ts';
import type { CollectionLink } from './card.ts';

/** The collections as a scrollable row of tabs; the current one marked. */
export function CategoryTabs({ collections, current }: { collections: CollectionLink[]; current: string }) {
  const t = useT();
  const bar = useRef<HTMLElement>(null);
  useCurrentTabInView(bar, current);
  if (collections.length < 2) return null;
  return (
    <nav className="tabs category-tabs" ref={bar} aria-label={t('global-components.pages.categories')}>
      {collections.map((c) => (
        <LocalNavLink
          key={c.id}
          to={`/categories/${encodeURIComponent(c.identity)}`}
          className={`tabs__tab${c.identity === current ? ' active' : ''}`}
          aria-current={c.identity === current ? 'page' : undefined}
        >
          {c.name}
        </LocalNavLink>
      ))}
    </nav>
  );
}
