import type { PaginationMeta } from '@croupier/contracts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import type { IconName } from '../../shared/ui/icons.tsx';
import { EmptyState } from '../../shared/ui/page.tsx';
import type { GameCardData } from './card.ts';
import { GameCard } from './game-card.tsx';
import { thumbPriority } from './game-thumb.tsx';
import type { GameList, ListStatus } from './use-game-list.ts';
import './games.css';

/** Card-shaped placeholders while a list is on its way. */
export function GameSkeletons({ count = 12, row }: { count?: number; row?: boolean }) {
  return (
    <ul className={row ? 'game-row__track' : 'game-grid'} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // static placeholders
        <li key={i} className="game-skeleton shimmer" />
      ))}
    </ul>
  );
}

interface GridProps {
  games: GameCardData[];
  status: ListStatus;
  meta?: PaginationMeta | null;
  hasMore?: boolean;
  onMore?: () => void;
  onRetry?: () => void;
  emptyText: string;
  emptyIcon?: IconName;
  label: string;
}

/** A grid of games with its loading, failed and empty states and a "load more" button with a counter. */
export function GameGrid({ games, status, meta, hasMore, onMore, onRetry, emptyText, emptyIcon, label }: GridProps) {
  const t = useT();
  if (status === 'loading' && games.length === 0) return <GameSkeletons />;
  if (status === 'failed' && games.length === 0) {
    return (
      <div className="stack">
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
        {onRetry && (
          <button type="button" className="button button--ghost" onClick={onRetry}>
            {t('global-components.common.retry')}
          </button>
        )}
      </div>
    );
  }
  if (games.length === 0) return <EmptyState icon={emptyIcon ?? 'lobby'} text={emptyText} />;
  return (
    <div className="stack">
      <ul className="game-grid" aria-label={label} aria-busy={status === 'loading'}>
        {games.map((game, index) => (
          <li key={game.id}>
            <GameCard game={game} priority={thumbPriority(index, true)} />
          </li>
        ))}
      </ul>
      {meta && meta.totalRows > 0 && (
        <p className="game-grid__count muted" aria-live="polite">
          {t('global-components.games.shown', { shown: games.length, total: meta.totalRows })}
        </p>
      )}
      {hasMore && onMore && (
        <button
          type="button"
          className="button button--ghost game-grid__more"
          disabled={status === 'loading'}
          onClick={onMore}
        >
          {status === 'loading' ? t('global-components.common.loading') : t('global-components.common.loadMore')}
        </button>
      )}
      {status === 'failed' && onRetry && (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t('global-components.common.retry')}
        </button>
      )}
    </div>
  );
}

/** The grid of a `useGameList` list: its pages, "load more" and retry. */
export function GameListGrid({
  list,
  ...texts
}: { list: GameList } & Pick<GridProps, 'emptyText' | 'emptyIcon' | 'label'>) {
  return (
    <GameGrid
      games={list.games}
      status={list.status}
      meta={list.meta}
      hasMore={list.hasMore}
      onMore={list.loadMore}
      onRetry={list.retry}
      {...texts}
    />
  );
}
