import { TournamentState } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { formatDate, K, liveState, timeLeft } from './format.ts';

interface Props {
  tournament: { state: number; startAt: string; endAt: string };
  now: number | null;
}

/** "Starts in" before the start, "Ends in" while running, the end date once over (contract §1.6). */
export function Countdown({ tournament, now }: Props) {
  const { t, locale } = useI18n();
  const state = liveState(tournament, now);
  // Before hydration: a placeholder of the same height (the clock and the time zone are the browser's).
  if (now === null) return <span className="tournament-countdown">&nbsp;</span>;
  if (state >= TournamentState.finished) {
    return (
      <span className="tournament-countdown">{t(`${K}.endedAt`, { date: formatDate(tournament.endAt, locale) })}</span>
    );
  }
  const left = timeLeft(state === TournamentState.upcoming ? tournament.startAt : tournament.endAt, now);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = t(`${K}.time`, {
    days: left.days,
    hours: pad(left.hours),
    minutes: pad(left.minutes),
    seconds: pad(left.seconds),
  });
  return (
    <span className="tournament-countdown" role="timer">
      {t(state === TournamentState.upcoming ? `${K}.startsIn` : `${K}.endsIn`, { time })}
    </span>
  );
}

/** The state as a badge: upcoming, live, finished or cancelled. */
export function StateBadge({ state }: { state: number }) {
  const { t } = useI18n();
  const key = state === 2 ? 'upcoming' : state === 3 ? 'running' : state === 5 ? 'cancelled' : 'finished';
  return <span className={`tournament-badge tournament-badge--${key}`}>{t(`${K}.state.${key}`)}</span>;
}
