import { type Tournament, TournamentState } from '@croupier/contracts';
import { useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { LocalLink } from '../../shared/i18n/link.tsx';
import { useModals } from '../../shared/modals/modal-host.tsx';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { Countdown, StateBadge } from './countdown.tsx';
import { bannerAction, formatPoints, K, liveState } from './format.ts';
import { Leaderboard } from './leaderboard.tsx';
import { EntryChannel, LeaderboardChannel } from './live-channels.tsx';
import { PrizeList } from './prize-list.tsx';
import { TournamentRules } from './rules.tsx';
import { useLiveTournament } from './use-live-tournament.ts';
import { useNow } from './use-now.ts';
import './tournaments.css';

/** Where "play" goes: the first included collection's games, else the lobby. */
const playPath = (t: Tournament) =>
  t.conditions.gameCollections?.length && !t.conditions.gameCollectionsExcluded
    ? `/categories/${encodeURIComponent(t.conditions.gameCollections[0]!)}`
    : '/main';

/** /tournaments/{identity}: banner with the action, the player's entry, prizes, live leaderboard, rules. */
export function TournamentPage({ initial }: { initial: Tournament }) {
  const { t, locale } = useI18n();
  const now = useNow();
  const { tournament, reload, onLeaderboard, onEntry, playerId } = useLiveTournament(initial);
  const state = liveState(tournament, now);
  const live = state < TournamentState.finished;
  return (
    <div className="page tournament-page">
      {live && <LeaderboardChannel tournamentId={tournament.id} onData={onLeaderboard} />}
      {live && playerId && <EntryChannel tournamentId={tournament.id} playerId={playerId} onData={onEntry} />}
      <section className="card tournament-banner" aria-labelledby="tournament-title">
        <div className="tournament-banner__head">
          <span className="tournament-card__icon" aria-hidden="true">
            <Icon name="trophy" size={28} />
          </span>
          <h1 id="tournament-title">{tournament.title}</h1>
          <StateBadge state={state} />
        </div>
        <Countdown tournament={tournament} now={now} />
        {tournament.playerEntry && (
          <p className="tournament-entry" data-testid="player-entry">
            {t(`${K}.yourEntry`, {
              place: tournament.playerEntry.place,
              points: formatPoints(tournament.playerEntry.points, locale),
            })}
          </p>
        )}
        {live && <BannerAction tournament={tournament} onJoined={reload} />}
      </section>
      <div className="tournament-columns">
        <section className="card" aria-labelledby="tournament-leaderboard">
          <h2 id="tournament-leaderboard">{t(`${K}.leaderboard`)}</h2>
          <Leaderboard rows={tournament.leaderboard ?? []} playerId={playerId} />
        </section>
        <section className="card" aria-labelledby="tournament-prizes">
          <h2 id="tournament-prizes">{t(`${K}.prizes`)}</h2>
          <PrizeList prizes={tournament.prizes ?? []} />
        </section>
      </div>
      <TournamentRules tournament={tournament} />
      <LocalLink to="/tournaments" className="link-button">
        {t(`${K}.all`)}
      </LocalLink>
    </div>
  );
}

/** The action of api-contract §11.3 for a signed-in player; a guest is asked to sign in. */
function BannerAction({ tournament, onJoined }: { tournament: Tournament; onJoined: () => Promise<void> }) {
  const { t } = useI18n();
  const { isLoggedIn } = useSession();
  const modals = useModals();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  if (!isLoggedIn) {
    return (
      <button type="button" className="button button--primary" onClick={() => modals.open('sign-in')}>
        {t(`${K}.signIn`)}
      </button>
    );
  }
  const action = bannerAction(tournament);
  if (action === 'none') return null;
  if (action === 'play') {
    return (
      <LocalLink to={playPath(tournament)} className="button button--primary" data-testid="tournament-play">
        {t(`${K}.play`)}
      </LocalLink>
    );
  }
  const join = async () => {
    setBusy(true);
    try {
      await browserApi().retentionTournaments.participate({ params: { id: tournament.identity } });
      await onJoined();
    } catch {
      toasts.show({ type: 'error', title: t('alerts.somethingWentWrong.title') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={busy}
      onClick={join}
      data-testid="tournament-take-part"
    >
      {t(`${K}.takePart`)}
    </button>
  );
}
