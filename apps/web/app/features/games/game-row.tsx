import { useRef } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import type { GameCardData } from './card.ts';
import { GameCard } from './game-card.tsx';
import { thumbPriority } from './game-thumb.tsx';

interface Props {
  title: string;
  games: GameCardData[];
  /** "All" goes here (a category or a provider page); left out when there is no page for the row. */
  moreTo?: string;
  total?: number;
  id: string;
  /** The page's first row: its first thumbnails are the likely LCP (game-thumb.tsx). */
  first?: boolean;
}

/** A collection as a horizontal carousel: scroll-snapped, arrow buttons on wide screens, "All" link. */
export function GameRow({ title, games, moreTo, total, id, first = false }: Props) {
  const t = useT();
  const track = useRef<HTMLUListElement>(null);
  if (games.length === 0) return null;
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.85, behavior: 'smooth' });
  };
  const titleId = `row-${id}`;
  return (
    <section className="game-row" aria-labelledby={titleId}>
      <div className="game-row__head">
        <h2 id={titleId} className="game-row__title">
          {title}
        </h2>
        {moreTo && (
          <LocalLink to={moreTo} className="game-row__more">
            {total ? t('global-components.games.allCount', { count: total }) : t('global-components.games.all')}
          </LocalLink>
        )}
        <div className="game-row__arrows">
          <button
            type="button"
            className="icon-button"
            aria-label={t('global-components.games.scrollBack')}
            onClick={() => scroll(-1)}
          >
            <Icon name="chevronLeft" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('global-components.games.scrollForward')}
            onClick={() => scroll(1)}
          >
            <Icon name="chevronRight" />
          </button>
        </div>
      </div>
      <ul ref={track} className="game-row__track">
        {games.map((game, index) => (
          <li key={game.id}>
            <GameCard game={game} priority={thumbPriority(index, first)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
