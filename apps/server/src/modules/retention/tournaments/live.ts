import {
  type LeaderboardRow,
  TOURNAMENT_LEADERBOARD_SIZE,
  TournamentEvent,
  tournamentChannel,
  tournamentPlayerChannel,
} from '@croupier/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifyCommitted, outboxEvents } from '../../../outbox/index.ts';
import { publicNicknames } from '../../player/index.ts';
import type { EntryChange } from './entries.ts';
import type { Ranking } from './ranking.ts';
import { pointsOf } from './rules.ts';
import { tournamentEntries } from './schema.ts';

// Live leaderboards (decision 0063): after commit the ranking records the new absolute points at once;
// publications are throttled in process to one per tournament per `intervalMs` (leading and trailing edge):
// the leaderboard on `tournaments:{id}` and the changed players' own entries on `tournaments:{id}#{player}`.
// With several instances each throttles its own changes; a publication always carries the whole top.

export interface Live {
  changed(changes: readonly EntryChange[]): Promise<void>;
  /** The top rows with nicknames (API reads and publications). */
  leaderboard(tournamentId: string): Promise<LeaderboardRow[]>;
  /** Publishes every pending tournament now (tests, shutdown). */
  flush(): Promise<void>;
  stop(): void;
}

/** The top rows of a ranking with public nicknames (API reads and publications). */
export async function leaderboardFrom(db: Db, ranking: Ranking, tournamentId: string): Promise<LeaderboardRow[]> {
  const top = await ranking.top(tournamentId, TOURNAMENT_LEADERBOARD_SIZE);
  const names = await publicNicknames(
    db,
    top.map((r) => r.playerId),
  );
  return top.map((r) => ({
    playerId: r.playerId,
    nickname: names.get(r.playerId) ?? null,
    place: r.place,
    points: pointsOf(r.points),
  }));
}

export function createLive(db: Db, ranking: Ranking, intervalMs = 1000): Live {
  const dirty = new Map<string, Map<string, bigint>>(); // tournament → player → seq
  const lastAt = new Map<string, number>();
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  const leaderboard = (tournamentId: string) => leaderboardFrom(db, ranking, tournamentId);

  const publish = async (tournamentId: string) => {
    timers.delete(tournamentId);
    const players = dirty.get(tournamentId);
    dirty.delete(tournamentId);
    lastAt.set(tournamentId, Date.now());
    if (!players) return;
    const entries = [...players].map(([playerId, seq]) => ({ playerId, seq }));
    const [rows, places] = await Promise.all([leaderboard(tournamentId), ranking.placesOf(tournamentId, entries)]);
    const points = await pointsOfPlayers(db, tournamentId, [...places.keys()]);
    const messages = [
      {
        channel: tournamentChannel(tournamentId),
        event: TournamentEvent.leaderboardUpdated,
        data: { event: TournamentEvent.leaderboardUpdated, tournamentId, leaderboard: rows },
      },
      ...[...places].map(([playerId, place]) => ({
        channel: tournamentPlayerChannel(tournamentId, playerId),
        event: TournamentEvent.playerEntryUpdated,
        data: {
          event: TournamentEvent.playerEntryUpdated,
          entry: { tournamentId, playerId, points: pointsOf(points.get(playerId) ?? 0n), place },
        },
      })),
    ];
    await db.insert(outboxEvents).values(messages);
    notifyCommitted();
  };

  const schedule = (tournamentId: string) => {
    if (stopped || timers.has(tournamentId)) return;
    const wait = Math.max(0, (lastAt.get(tournamentId) ?? 0) + intervalMs - Date.now());
    const timer = setTimeout(() => void publish(tournamentId).catch(() => {}), wait);
    timer.unref();
    timers.set(tournamentId, timer);
  };

  return {
    async changed(changes) {
      await ranking.record(changes);
      for (const c of changes) {
        const players = dirty.get(c.tournamentId) ?? new Map<string, bigint>();
        dirty.set(c.tournamentId, players);
        players.set(c.playerId, c.seq);
        schedule(c.tournamentId);
      }
    },
    leaderboard,
    async flush() {
      for (const [id, timer] of [...timers]) {
        clearTimeout(timer);
        await publish(id);
      }
    },
    stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** Current points (hundredths) of these players' entries, from the table (the source of truth). */
async function pointsOfPlayers(db: Db, tournamentId: string, playerIds: string[]): Promise<Map<string, bigint>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({ playerId: tournamentEntries.playerId, points: tournamentEntries.points })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), inArray(tournamentEntries.playerId, playerIds)));
  return new Map(rows.map((r) => [r.playerId, r.points]));
}
