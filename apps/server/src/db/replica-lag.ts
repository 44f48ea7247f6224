import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.ts';

// How far a streaming replica is behind the primary, in milliseconds (decision 0119's lag guard).
//
// `now() - pg_last_xact_replay_timestamp()` alone grows on an idle primary although nothing is missing, and
// receive LSN = replay LSN alone says nothing when the replica stopped receiving. So the primary's flushed WAL
// position is read first: every commit acknowledged so far is at or below it (synchronous_commit on). If the
// replica has replayed up to it, it lacks nothing acknowledged before this check: lag 0. If not, the age of
// the last transaction it replayed bounds its staleness from above (the first commit it lacks came after it):
// a write on a long-idle primary caught mid-stream reads as lagging for one check, the safe side.

const PRIMARY = sql`select pg_current_wal_flush_lsn()::text as lsn, pg_postmaster_start_time()::text as started`;
const REPLICA = `select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed,
  extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since,
  pg_postmaster_start_time()::text as started`;

/** A WAL position "16/B374D848" as a number that orders like it. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  if (hi === undefined || lo === undefined) throw new Error(`not an LSN: ${lsn}`);
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

interface ReplicaRow {
  standby: boolean;
  replayed: string | null;
  since: number | null;
  started: string;
}

/**
 * The replica's lag behind `primary` in ms; Infinity when it cannot be told (nothing replayed yet) or the "replica"
 * is another primary (promoted, or a wrong URL): nothing feeds it our writes. The very server of `primary`
 * (a replica URL that points at the primary, as in tests) is 0. Rejects when either database does not answer
 * within `timeoutMs`.
 */
export async function measureReplayLag(primary: Db, replica: pg.Pool, timeoutMs: number): Promise<number> {
  const p = (await primary.execute(PRIMARY)) as unknown as { rows: { lsn: string; started: string }[] };
  const [flushed] = p.rows;
  if (!flushed) throw new Error('the primary answered no WAL position');
  const r = await replica.query<ReplicaRow>({ text: REPLICA, query_timeout: timeoutMs } as pg.QueryConfig);
  const [row] = r.rows;
  if (!row) throw new Error('the replica answered no replay position');
  if (!row.standby) return row.started === flushed.started ? 0 : Number.POSITIVE_INFINITY;
  if (row.replayed === null) return Number.POSITIVE_INFINITY;
  if (lsnValue(row.replayed) >= lsnValue(flushed.lsn)) return 0;
  return row.since === null ? Number.POSITIVE_INFINITY : Math.max(0, row.since * 1000);
}
