import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { gameIdentitiesInCollections } from '../../game/index.ts';
import type { TournamentRow } from './rules.ts';
import { tournaments } from './schema.ts';

// The tournaments a movement may count for, cached per process: the consumer asks for every event, and
// the list changes only when a tournament is defined, finished or rolled over. Those changes bump a
// generation in this process (tests and the end job); other instances see them within CACHE_MS.

const CACHE_MS = 5_000;
/** Wins and rollbacks may arrive a little after the end (rounds that started in time still settle). */
export const SETTLE_GRACE_MS = 60_000;

let generation = 0;
/** Forgets every cached list of this process (a tournament was defined, finished or rolled over). */
export function tournamentsChanged(): void {
  generation += 1;
}

export interface LiveTournament {
  row: TournamentRow;
  /** Game identities of its `gameCollections` (included or excluded). */
  games: ReadonlySet<string>;
}

/**
 * `ensure` runs once per process for each tournament the catalog loads, inside the consumer's transaction:
 * it queues the end job (a no-op when queued), so a tournament an operator added is ended without a restart.
 */
export function createCatalog(now: () => Date, ensure: (tx: Db, row: TournamentRow) => Promise<void>) {
  const ensured = new Set<string>();
  let cached: { at: number; generation: number; list: LiveTournament[] } | null = null;
  return {
    /** Scheduled tournaments that have not ended more than the settle grace ago (bets check their window). */
    async live(tx: Db): Promise<LiveTournament[]> {
      const t = now().getTime();
      if (cached && cached.generation === generation && t - cached.at < CACHE_MS) return cached.list;
      const seen = generation;
      const rows = await tx
        .select()
        .from(tournaments)
        .where(and(eq(tournaments.status, 'scheduled'), gt(tournaments.endAt, new Date(t - SETTLE_GRACE_MS))));
      const list: LiveTournament[] = [];
      for (const row of rows) {
        if (!ensured.has(row.id)) {
          await ensure(tx, row);
          ensured.add(row.id);
        }
        list.push({ row, games: await gameIdentitiesInCollections(tx, row.conditions.gameCollections ?? []) });
      }
      cached = { at: t, generation: seen, list };
      return list;
    },
  };
}
