import { TournamentState } from '@croupier/contracts';

/** The content prefix of the tournament pages. */
export const K = 'global-components.tournaments';
export const TOURNAMENTS_CONTENT = ['global-components.tournaments', 'global-components.games'] as const;

/** Points as the contract gives them (two decimals at most), in the page locale. */
export function formatPoints(points: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(points);
  } catch {
    return String(points);
  }
}

export function formatDate(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** Days, hours, minutes and seconds left until `target` (all zero once it passed). */
export function timeLeft(target: string, now: number) {
  const ms = Math.max(0, new Date(target).getTime() - now);
  const s = Math.floor(ms / 1000);
  return {
    done: ms === 0,
    days: Math.floor(s / 86400),
    hours: Math.floor(s / 3600) % 24,
    minutes: Math.floor(s / 60) % 60,
    seconds: s % 60,
  };
}

/** The state the page shows: the server's, moved on by the clock (an upcoming one starts on time). */
export function liveState(t: { state: number; startAt: string; endAt: string }, now: number | null): number {
  if (now === null) return t.state;
  if (t.state >= TournamentState.finished || t.state < TournamentState.upcoming) return t.state;
  if (now >= new Date(t.endAt).getTime()) return TournamentState.finished;
  if (now >= new Date(t.startAt).getTime()) return TournamentState.running;
  return TournamentState.upcoming;
}

/**
 * The banner action for a signed-in player (api-contract §11.3): no `playerEntry` key → none; an entry or
 * no confirmation needed → play; otherwise take part.
 */
export function bannerAction(t: {
  confirmationRequired: boolean;
  playerEntry?: unknown;
}): 'none' | 'play' | 'take-part' {
  if (!('playerEntry' in t) || t.playerEntry === undefined) return 'none';
  if (t.playerEntry !== null || !t.confirmationRequired) return 'play';
  return 'take-part';
}
