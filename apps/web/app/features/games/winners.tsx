import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { useMoney } from '../../shared/money/use-money.ts';
import { WINNER_THUMBNAIL, type WinnerCard } from './card.ts';
import { GameThumb } from './game-thumb.tsx';

/** The latest winners (GET /api/game/spins/winners): nickname, payout, game; each links to its game. */
export function WinnersStrip({ winners }: { winners: WinnerCard[] }) {
  const { t } = useI18n();
  const { format } = useMoney();
  if (winners.length === 0) return null;
  return (
    <section className="winners" aria-labelledby="winners-title">
      <h2 id="winners-title" className="winners__title">
        <span className="winners__pulse" aria-hidden="true" />
        {t('global-components.games.latestWinners')}
      </h2>
      <ul className="winners__list">
        {winners.map((w, i) => (
          // winners have no id; the order is the server's
          <li key={`${w.gameId}-${i}`}>
            <LocalLink to={`/games/${encodeURIComponent(w.gameId)}`} className="winner">
              <GameThumb
                images={w.gameImages}
                customImages={w.gameCustomImages}
                name={w.gameName}
                size={WINNER_THUMBNAIL}
              />
              <span className="winner__text">
                <span className="winner__name">{w.nickname}</span>
                <span className="winner__amount">{format(w.payout, w.currency)}</span>
                <span className="winner__game">{w.gameName}</span>
              </span>
            </LocalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
