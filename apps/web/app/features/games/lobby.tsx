import { useT } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/modal-host.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import { EmptyState } from '../../shared/ui/page.tsx';
import type { WinnerCard } from './card.ts';
import { GameRow } from './game-row.tsx';
import { GameSearch } from './game-search.tsx';
import type { LobbyRow } from './lobby.server.ts';
import { useReturnToGame } from './return-game.ts';
import { WinnersStrip } from './winners.tsx';
import './games.css';

/** Search, the category and provider pickers, the winners strip and one carousel per collection. */
export function Lobby({ rows, winners }: { rows: LobbyRow[]; winners: WinnerCard[] }) {
  const t = useT();
  const modals = useModals();
  useReturnToGame();
  return (
    <div className="lobby">
      <div className="lobby__tools">
        <button type="button" className="button button--ghost" onClick={() => modals.open('categories')}>
          <Icon name="categories" /> {t('global-components.pages.categories')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => modals.open('providers')}>
          <Icon name="providers" /> {t('global-components.pages.providers')}
        </button>
      </div>
      <GameSearch>
        <WinnersStrip winners={winners} />
        {rows.length === 0 ? (
          <EmptyState icon="lobby" text={t('global-components.empty.games')} />
        ) : (
          rows.map((row, index) => (
            <GameRow
              key={row.collection.id}
              first={index === 0}
              id={row.collection.identity}
              title={row.collection.name}
              games={row.games}
              total={row.total}
              moreTo={`/categories/${encodeURIComponent(row.collection.identity)}`}
            />
          ))
        )}
      </GameSearch>
    </div>
  );
}
