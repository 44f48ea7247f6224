import type { Db } from '../../../db/client.ts';
import { poolSql, statement } from '../../../db/lean-sql.ts';
import type { EntryChange } from './entries.ts';

// The live ranking behind one interface (decision 0063): the entries table itself on PostgreSQL/PGlite,
// or a Redis sorted set when REDIS_URL is set (ranking-redis.ts). Both order by points, then by the
// earlier entrant (`seq`), so they always agree on places; the table stays the source of truth.

export interface Ranked {
  playerId: string;
  /** Hundredths. */
  points: bigint;
  place: number;
}

export interface Ranking {
  readonly kind: 'postgres' | 'redis';
  /** After commit: the entries' absolute points (a repeat or a late duplicate is harmless). */
  record(changes: readonly EntryChange[]): Promise<void>;
  /** The first `limit` places. */
  top(tournamentId: string, limit: number): Promise<Ranked[]>;
  /** The place of each given entry (players without an entry are absent). */
  placesOf(tournamentId: string, entries: readonly { playerId: string; seq: bigint }[]): Promise<Map<string, number>>;
  /** Brings the ranking in line with the table (Redis after a restart or a flush). */
  sync(tournamentId: string, endAt: Date): Promise<void>;
  close(): Promise<void>;
}

const TOP = statement(
  'tournament_rank_top',
  `select e.player_id, e.points::text as points from retention.tournament_entries e
    where e.tournament_id = $1 order by e.points desc, e.seq asc limit $2`,
);
const PLACES = statement(
  'tournament_rank_places',
  `select e.player_id, (select count(*) from retention.tournament_entries o
           where o.tournament_id = e.tournament_id and (o.points > e.points or (o.points = e.points and o.seq < e.seq)))::int + 1 as place
     from retention.tournament_entries e where e.tournament_id = $1 and e.player_id = any($2::uuid[])`,
);

/** Every entry in ranking order (the end job and the Redis rebuild). */
export const ALL_ENTRIES = statement(
  'tournament_rank_all',
  `select e.player_id, e.seq::text as seq, e.points::text as points from retention.tournament_entries e
    where e.tournament_id = $1 order by e.points desc, e.seq asc limit $2`,
);

/** The table is the ranking: nothing to record, places are counted with the rank index. */
export function postgresRanking(db: Db): Ranking {
  return {
    kind: 'postgres',
    async record() {},
    async top(tournamentId, limit) {
      const rows = await poolSql(db).query<{ player_id: string; points: string }>(TOP, [tournamentId, limit]);
      return rows.map((r, i) => ({ playerId: r.player_id, points: BigInt(r.points), place: i + 1 }));
    },
    async placesOf(tournamentId, entries) {
      if (entries.length === 0) return new Map();
      const ids = entries.map((e) => e.playerId);
      const rows = await poolSql(db).query<{ player_id: string; place: number }>(PLACES, [tournamentId, ids]);
      return new Map(rows.map((r) => [r.player_id, Number(r.place)]));
    },
    async sync() {},
    async close() {},
  };
}
