import { type LeaderboardRow, type Tournament, TournamentEvent, type TournamentPlayerEntry } from '@croupier/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';

type Data = Record<string, unknown> | null | undefined;

/** `tournament.leaderboard.updated` on `tournaments:{id}` (api-contract §14.2): the rows, or null. */
export function leaderboardOf(data: unknown, tournamentId: string): LeaderboardRow[] | null {
  const event = data as Data;
  if (event?.event !== TournamentEvent.leaderboardUpdated || event.tournamentId !== tournamentId) return null;
  return Array.isArray(event.leaderboard) ? (event.leaderboard as LeaderboardRow[]) : null;
}

/** `tournament.player-entry.updated` on `tournaments:{id}#{playerId}`: the player's entry, or null. */
export function entryOf(data: unknown, tournamentId: string): TournamentPlayerEntry | null {
  const entry = (data as Data)?.entry as Data;
  if ((data as Data)?.event !== TournamentEvent.playerEntryUpdated || entry?.tournamentId !== tournamentId) return null;
  if (typeof entry.points !== 'number' || typeof entry.place !== 'number') return null;
  return { points: entry.points, place: entry.place };
}

/**
 * The tournament page's data: the loader's guest answer, read again with the player's token after
 * hydration (SSR makes guest calls only, so `playerEntry` arrives here), then patched by publications.
 */
export function useLiveTournament(initial: Tournament) {
  const { player } = useSession();
  const [tournament, setTournament] = useState(initial);
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const request = ++latest.current;
    try {
      const answer = await browserApi().retentionTournaments.tournament({ params: { id: initial.identity } });
      if (request === latest.current) setTournament(answer.data);
    } catch {
      // Keep what is shown; the next publication or visit brings it up to date.
    }
  }, [initial.identity]);
  useEffect(() => {
    setTournament(initial);
    if (player?.id) void reload();
  }, [initial, player?.id, reload]);
  const onLeaderboard = useCallback(
    (data: unknown) => {
      const rows = leaderboardOf(data, initial.id);
      if (rows) setTournament((t) => ({ ...t, leaderboard: rows }));
    },
    [initial.id],
  );
  const onEntry = useCallback(
    (data: unknown) => {
      const entry = entryOf(data, initial.id);
      if (entry) setTournament((t) => ({ ...t, playerEntry: entry }));
    },
    [initial.id],
  );
  return { tournament, reload, onLeaderboard, onEntry, playerId: player?.id ?? null };
}
