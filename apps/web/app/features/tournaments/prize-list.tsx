import type { TournamentPrize } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { formatPoints, K } from './format.ts';

/** Prizes by place; once the result is fixed, each with its winner. */
export function PrizeList({ prizes }: { prizes: TournamentPrize[] }) {
  const { t, locale } = useI18n();
  if (prizes.length === 0) return <p className="muted">{t(`${K}.noPrizes`)}</p>;
  return (
    <ol className="tournament-prizes">
      {prizes.map((p) => (
        <li key={p.place} className="tournament-prizes__row">
          <span className="tournament-prizes__place">{t(`${K}.placeN`, { place: p.place })}</span>
          <span className="tournament-prizes__title">{p.title}</span>
          {p.entry && (
            <span className="muted">
              {t(`${K}.winner`, {
                name: p.entry.nickname ?? t(`${K}.anonymous`),
                points: formatPoints(p.entry.points, locale),
              })}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
