import type { Db } from '../../../db/client.ts';
import { drizzleSql, statement } from '../../../db/lean-sql.ts';

// Writes of the consumer's transaction: a player's entry (points in hundredths) and the rounds that
// scored. Each answers the entry's new absolute points, which the live ranking records after commit.

export interface EntryChange {
  tournamentId: string;
  playerId: string;
  seq: bigint;
  /** Absolute points after the change (hundredths). */
  points: bigint;
  /** True when points went down (a rollback): the live ranking then overwrites instead of raising. */
  decreased: boolean;
  endAt: Date;
}

type EntryRow = { seq: string; points: string };

const JOIN = statement(
  'tournament_entry_join',
  `insert into retention.tournament_entries (tournament_id, player_id) values ($1, $2)
   on conflict (tournament_id, player_id) do nothing`,
);
const ADD = statement(
  'tournament_entry_add',
  `update retention.tournament_entries set points = greatest(0, points + $3::bigint), updated_at = now()
    where tournament_id = $1 and player_id = $2 returning seq::text, points::text`,
);
const UPSERT = statement(
  'tournament_entry_upsert',
  `insert into retention.tournament_entries (tournament_id, player_id, points, updated_at) values ($1, $2, $3::bigint, now())
   on conflict (tournament_id, player_id)
   do update set points = greatest(0, tournament_entries.points + excluded.points), updated_at = now()
   returning seq::text, points::text`,
);
const READ = statement(
  'tournament_entry_read',
  'select seq::text, points::text from retention.tournament_entries where tournament_id = $1 and player_id = $2',
);

/** Creates the entry when missing (taking part); answers nothing. */
export async function joinEntry(tx: Db, tournamentId: string, playerId: string): Promise<void> {
  await drizzleSql(tx).query(JOIN, [tournamentId, playerId]);
}

/** Adds points to an existing entry; null when the player takes no part. */
export async function addPoints(
  tx: Db,
  tournamentId: string,
  playerId: string,
  delta: bigint,
): Promise<{ seq: bigint; points: bigint } | null> {
  const [row] = await drizzleSql(tx).query<EntryRow>(ADD, [tournamentId, playerId, String(delta)]);
  return row ? { seq: BigInt(row.seq), points: BigInt(row.points) } : null;
}

/** Adds points, entering the player first when needed (a tournament without confirmation): one statement. */
export async function upsertPoints(tx: Db, tournamentId: string, playerId: string, delta: bigint) {
  const [row] = await drizzleSql(tx).query<EntryRow>(UPSERT, [tournamentId, playerId, String(delta)]);
  return { seq: BigInt(row!.seq), points: BigInt(row!.points) };
}

export async function readEntry(db: Db, tournamentId: string, playerId: string) {
  const [row] = await drizzleSql(db).query<EntryRow>(READ, [tournamentId, playerId]);
  return row ? { seq: BigInt(row.seq), points: BigInt(row.points) } : null;
}

const ROUND_ADD = statement(
  'tournament_round_add',
  `insert into retention.tournament_rounds (tournament_id, provider_id, round_id, player_id, currency, stake, points)
   values ($1, $2, $3, $4, $5, $6::bigint, $7::bigint)
   on conflict (tournament_id, provider_id, round_id)
   do update set stake = tournament_rounds.stake + excluded.stake, points = tournament_rounds.points + excluded.points`,
);
const ROUND_LOCK = statement(
  'tournament_round_lock',
  `select player_id, stake::text, points::text from retention.tournament_rounds
    where tournament_id = $1 and provider_id = $2 and round_id = $3 for update`,
);
const ROUND_SET = statement(
  'tournament_round_set',
  `update retention.tournament_rounds set stake = $4::bigint, points = $5::bigint
    where tournament_id = $1 and provider_id = $2 and round_id = $3`,
);

export interface RoundKey {
  tournamentId: string;
  providerId: string;
  roundId: string;
}

export async function addRound(
  tx: Db,
  k: RoundKey,
  r: { playerId: string; currency: string; stake: bigint; points: bigint },
): Promise<void> {
  await drizzleSql(tx).query(ROUND_ADD, [
    k.tournamentId,
    k.providerId,
    k.roundId,
    r.playerId,
    r.currency,
    String(r.stake),
    String(r.points),
  ]);
}

/** The round's counted stake and points, locked; null when it never counted for this tournament. */
export async function lockRound(tx: Db, k: RoundKey) {
  const [row] = await drizzleSql(tx).query<{ player_id: string; stake: string; points: string }>(ROUND_LOCK, [
    k.tournamentId,
    k.providerId,
    k.roundId,
  ]);
  return row ? { playerId: row.player_id, stake: BigInt(row.stake), points: BigInt(row.points) } : null;
}

export async function setRound(tx: Db, k: RoundKey, stake: bigint, points: bigint): Promise<void> {
  await drizzleSql(tx).query(ROUND_SET, [k.tournamentId, k.providerId, k.roundId, String(stake), String(points)]);
}

// What each counted bet brought (decision 0093), kept while its round can be rolled back: a rollback takes
// back exactly its bet's rows, once (the delete answers them only to the first).
const BET_ADD = statement(
  'tournament_bet_add',
  `insert into retention.tournament_bets (provider_id, round_id, transaction_id, tournament_id, stake, points)
   values ($1, $2, $3, $4, $5::bigint, $6::bigint) on conflict do nothing`,
);
const BET_TAKE = statement(
  'tournament_bet_take',
  `delete from retention.tournament_bets where provider_id = $1 and round_id = $2 and transaction_id = $3
   returning tournament_id, stake::text, points::text`,
);

export interface BetKey {
  providerId: string;
  roundId: string;
  /** The bet's provider transaction id. */
  transactionId: string;
}

export async function addBet(tx: Db, k: BetKey, tournamentId: string, stake: bigint, points: bigint): Promise<void> {
  await drizzleSql(tx).query(BET_ADD, [
    k.providerId,
    k.roundId,
    k.transactionId,
    tournamentId,
    String(stake),
    String(points),
  ]);
}

/** What the bet brought to each tournament, forgotten as it is answered (null-free: nothing when never counted). */
export async function takeBet(tx: Db, k: BetKey): Promise<{ tournamentId: string; stake: bigint; points: bigint }[]> {
  const rows = await drizzleSql(tx).query<{ tournament_id: string; stake: string; points: string }>(BET_TAKE, [
    k.providerId,
    k.roundId,
    k.transactionId,
  ]);
  return rows.map((r) => ({ tournamentId: r.tournament_id, stake: BigInt(r.stake), points: BigInt(r.points) }));
}
