import type { Tournament } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { Icon } from '../../shared/ui/icons.tsx';
import { Countdown, StateBadge } from './countdown.tsx';
import { K, liveState } from './format.ts';

/** One tournament in a list: its state and time, the top prize, and the way to its page. */
export function TournamentCard({ tournament, now }: { tournament: Tournament; now: number | null }) {
  const { t } = useI18n();
  const top = tournament.prizes?.[0];
  const winner = top?.entry;
  return (
    <li className="card tournament-card" data-testid="tournament-card">
      <div className="tournament-card__head">
        <span className="tournament-card__icon" aria-hidden="true">
          <Icon name="trophy" size={22} />
        </span>
        <h3 className="tournament-card__title">{tournament.title}</h3>
        <StateBadge state={liveState(tournament, now)} />
      </div>
      <Countdown tournament={tournament} now={now} />
      {top && (
        <p className="tournament-card__prize">
          {t(`${K}.topPrize`, { prize: top.title })}
          {winner && (
            <span className="muted"> · {t(`${K}.wonBy`, { name: winner.nickname ?? t(`${K}.anonymous`) })}</span>
          )}
        </p>
      )}
      <LocalLink to={`/tournaments/${encodeURIComponent(tournament.identity)}`} className="button button--ghost">
        {t(`${K}.details`)}
      </LocalLink>
    </li>
  );
}
