import { type MouseEvent, useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { useSession } from '../../shared/session/session.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { CARD_THUMBNAIL, type GameCardData, MAX_LABELS } from './card.ts';
import { useFavorites } from './favorites.ts';
import { GameThumb, type ThumbPriority } from './game-thumb.tsx';
import { detectPlatform } from './query.ts';

/** One game in a row or a grid: thumbnail, name, provider, labels, and the favorite heart for players. */
export function GameCard({ game, priority }: { game: GameCardData; priority?: ThumbPriority }) {
  const t = useT();
  const { isLoggedIn } = useSession();
  const modals = useModals();
  // On a phone a game with a demo asks first how to play (the mobile-game modal); elsewhere it just opens.
  const onOpen = (event: MouseEvent) => {
    if (game.isDemoMode && detectPlatform() === 1) {
      event.preventDefault();
      modals.open('mobile-game', game.identity);
    }
  };
  return (
    <article className="game-card" data-game={game.identity}>
      <LocalLink to={`/games/${encodeURIComponent(game.identity)}`} className="game-card__link" onClick={onOpen}>
        <GameThumb
          images={game.images}
          customImages={game.customImages}
          name={game.name}
          size={CARD_THUMBNAIL}
          priority={priority}
        />
        <span className="game-card__play" aria-hidden="true">
          {t('global-components.games.play')}
        </span>
        <span className="game-card__name">{game.name}</span>
        <span className="game-card__provider">{game.provider.name}</span>
      </LocalLink>
      {game.labels.length > 0 && (
        <ul className="game-card__labels">
          {game.labels.slice(0, MAX_LABELS).map((label) => (
            <li key={label.id} className="game-card__label">
              {label.name}
            </li>
          ))}
        </ul>
      )}
      {isLoggedIn && <FavoriteButton gameId={game.id} name={game.name} compact />}
    </article>
  );
}

/** The heart: POST or DELETE …/favorite; the full answered list replaces the store's. */
export function FavoriteButton({ gameId, name, compact }: { gameId: string; name: string; compact?: boolean }) {
  const t = useT();
  const favorites = useFavorites();
  const [busy, setBusy] = useState(false);
  const active = favorites.isFavorite(gameId);
  const label = t(active ? 'global-components.games.removeFavorite' : 'global-components.games.addFavorite', {
    name,
  });
  const toggle = async () => {
    setBusy(true);
    try {
      await favorites.toggle(gameId);
    } catch {
      // The heart keeps its state; a 401 logs out through the runtime.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`favorite-button${compact ? ' favorite-button--compact' : ''}${active ? ' favorite-button--active' : ''}`}
      aria-pressed={active}
      aria-label={compact ? label : undefined}
      title={label}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <Icon name="heart" size={compact ? 16 : 20} />
      {!compact && (
        <span>{t(active ? 'global-components.games.inFavorites' : 'global-components.games.favorite')}</span>
      )}
    </button>
  );
}
