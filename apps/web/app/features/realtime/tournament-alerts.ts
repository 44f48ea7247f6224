import { RealtimeEvent } from '@croupier/contracts';

/** The prize a finished tournament gave this player, for the alert of spec §8. */
export interface TournamentPrizeAlert {
  place: number;
  tournamentTitle: string;
  prizeTitle: string;
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * `tournament.completed` on `tournaments` (api-contract §14.2): an alert only when one prize's
 * `entry.playerId` is this player's profile id; anything malformed is ignored.
 */
export function tournamentPrizeFor(data: unknown, profileId: string | null | undefined): TournamentPrizeAlert | null {
  const event = record(data);
  if (!profileId || event?.event !== RealtimeEvent.tournamentCompleted) return null;
  const tournament = record(event.tournament);
  if (!tournament || typeof tournament.title !== 'string' || !Array.isArray(tournament.prizes)) return null;
  for (const item of tournament.prizes) {
    const prize = record(item);
    const entry = record(prize?.entry);
    if (!prize || entry?.playerId !== profileId) continue;
    if (typeof prize.place !== 'number' || typeof prize.title !== 'string') return null;
    return { place: prize.place, tournamentTitle: tournament.title, prizeTitle: prize.title };
  }
  return null;
}
