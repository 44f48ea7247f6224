import type { Db } from '../../db/client.ts';
import { drizzleSql, statement } from '../../db/lean-sql.ts';
import type { ComplianceEvent } from './events.ts';
import { type DayFacts, type Facts, isNight, type PlayFacts, THRESHOLDS } from './rules.ts';

// The running totals the flag rules read, kept by the consumer from the events themselves (never by reading
// other modules' tables). A page of game events is summed in memory first and written with one statement
// for every day and stretch it touched, which keeps the consumer's cost per bet small (the flags bench,
// decision 0114). Deposits and withdrawals are rare: one statement each, in order.

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

interface DayDelta {
  playerId: string;
  currency: string;
  day: string;
  at: Date;
  staked: bigint;
  won: bigint;
  nightBets: number;
  declined: number;
}

interface PlayDelta {
  playerId: string;
  first: Date;
  last: Date;
}

/**
 * One statement for the page's days: each (player, currency, day) added to, answering the totals after it and
 * the net losses of the two days before (read from the snapshot before this statement: other days).
 */
const UPSERT_DAYS = statement(
  'compliance_days',
  `with up as (
     insert into compliance.player_days as d (player_id, currency, day, staked, won, night_bets, deposits_declined)
     select (e->>'p')::uuid, e->>'c', (e->>'d')::date, (e->>'s')::bigint, (e->>'w')::bigint, (e->>'n')::int,
            (e->>'x')::int
       from jsonb_array_elements($1::jsonb) e
     on conflict (player_id, currency, day) do update
        set staked = d.staked + excluded.staked, won = d.won + excluded.won,
            night_bets = d.night_bets + excluded.night_bets,
            deposits_declined = d.deposits_declined + excluded.deposits_declined
     returning player_id, currency, day, staked, won, night_bets, deposits_declined
   )
   select up.player_id::text as "playerId", up.currency, up.day::text as day, up.staked::text as staked,
          up.won::text as won, up.night_bets as "nightBets", up.deposits_declined as declined,
          (y.staked - y.won)::text as yesterday, (b.staked - b.won)::text as "dayBefore"
     from up
     left join compliance.player_days y
       on y.player_id = up.player_id and y.currency = up.currency and y.day = up.day - 1
     left join compliance.player_days b
       on b.player_id = up.player_id and b.currency = up.currency and b.day = up.day - 2`,
);

/** One statement for the page's stretches of play: a gap longer than the session gap starts a new one. */
const UPSERT_PLAY = statement(
  'compliance_play',
  `insert into compliance.player_play as p (player_id, streak_started_at, last_play_at)
   select (e->>'p')::uuid, (e->>'f')::timestamptz, (e->>'l')::timestamptz from jsonb_array_elements($1::jsonb) e
   on conflict (player_id) do update
      set streak_started_at = case when excluded.streak_started_at - p.last_play_at > $2::interval
                                   then excluded.streak_started_at else p.streak_started_at end,
          last_play_at = greatest(p.last_play_at, excluded.last_play_at)
   returning player_id::text as "playerId", streak_started_at as "startedAt", last_play_at as "lastAt"`,
);

const ADD_DEPOSIT = statement(
  'compliance_deposit',
  `insert into compliance.player_money as m (player_id, currency, deposits, deposited, since_withdrawal, since_at)
   values ($1::uuid, $2, 1, $3::bigint, $3::bigint, $4::timestamptz)
   on conflict (player_id, currency) do update
      set deposits = m.deposits + 1, deposited = m.deposited + excluded.deposited,
          since_withdrawal = m.since_withdrawal + excluded.since_withdrawal,
          since_at = coalesce(m.since_at, excluded.since_at)
   returning deposits, deposited::text as deposited`,
);

/** What was deposited since the last withdrawal request and staked since then; then starts counting again. */
const TAKE_WITHDRAWAL = statement(
  'compliance_withdrawal',
  `with old as (
     select since_withdrawal, since_at from compliance.player_money
      where player_id = $1::uuid and currency = $2 for update
   ), reset as (
     update compliance.player_money set since_withdrawal = 0, since_at = null
      where player_id = $1::uuid and currency = $2
   )
   select old.since_withdrawal::text as deposited,
          (select coalesce(sum(d.staked), 0) from compliance.player_days d
            where d.player_id = $1::uuid and d.currency = $2
              and d.day >= (old.since_at at time zone 'UTC')::date)::text as staked
     from old`,
);

const key = (...parts: string[]) => parts.join('|');

/**
 * The page's last stretch of a player's play: from the movement after the page's last gap longer than the
 * session gap (or its first movement) to its last. With no gap inside the page, the statement compares its
 * start with the stored stretch's last movement.
 */
function stretchOf(playerId: string, times: Date[]): PlayDelta {
  times.sort((a, b) => a.getTime() - b.getTime());
  let first = times[0]!;
  for (let i = 1; i < times.length; i++) {
    if (times[i]!.getTime() - times[i - 1]!.getTime() > THRESHOLDS.sessionGapMs) first = times[i]!;
  }
  return { playerId, first, last: times.at(-1)! };
}

/** Sums a page's game events (and declined deposits) per day and per player. */
function sumPage(events: readonly ComplianceEvent[]) {
  const days = new Map<string, DayDelta>();
  const play = new Map<string, Date[]>();
  const dayDelta = (playerId: string, currency: string, at: Date) => {
    const day = dayOf(at);
    const k = key(playerId, currency, day);
    const d = days.get(k) ?? { playerId, currency, day, at, staked: 0n, won: 0n, nightBets: 0, declined: 0 };
    days.set(k, d);
    if (at > d.at) d.at = at;
    return d;
  };
  for (const e of events) {
    if (e.kind === 'deposit.declined') dayDelta(e.playerId, e.currency, new Date(e.at)).declined += 1;
    if (e.kind !== 'game.bet' && e.kind !== 'game.win' && e.kind !== 'game.rollback') continue;
    const at = new Date(e.at);
    const d = dayDelta(e.playerId, e.currency, at);
    const amount = BigInt(e.amount);
    if (e.kind === 'game.bet') {
      d.staked += amount;
      if (isNight(at)) d.nightBets += 1;
    } else if (e.kind === 'game.win') d.won += amount;
    else d.staked -= amount;
    if (e.kind === 'game.rollback') continue;
    const times = play.get(e.playerId) ?? [];
    play.set(e.playerId, times);
    times.push(at);
  }
  return { days: [...days.values()], play: [...play.entries()].map(([playerId, times]) => stretchOf(playerId, times)) };
}

const bigOrNull = (v: string | null) => (v === null ? null : BigInt(v));

/** Applies a page's game events to the totals (two statements at most) and answers the facts for the rules. */
export async function trackPage(tx: Db, events: readonly ComplianceEvent[]): Promise<Facts[]> {
  const sql = drizzleSql(tx);
  const { days, play } = sumPage(events);
  const facts: Facts[] = [];
  if (days.length > 0) {
    const rows = await sql.query<{
      playerId: string;
      currency: string;
      day: string;
      staked: string;
      won: string;
      nightBets: number;
      declined: number;
      yesterday: string | null;
      dayBefore: string | null;
    }>(UPSERT_DAYS, [
      JSON.stringify(
        days.map((d) => ({
          p: d.playerId,
          c: d.currency,
          d: d.day,
          s: String(d.staked),
          w: String(d.won),
          n: d.nightBets,
          x: d.declined,
        })),
      ),
    ]);
    const byKey = new Map(days.map((d) => [key(d.playerId, d.currency, d.day), d]));
    for (const r of rows) {
      const d = byKey.get(key(r.playerId, r.currency, r.day))!;
      const staked = BigInt(r.staked);
      const won = BigInt(r.won);
      const day: DayFacts = {
        kind: 'day',
        playerId: r.playerId,
        currency: r.currency,
        day: r.day,
        at: d.at,
        staked,
        won,
        nightBets: r.nightBets,
        declined: r.declined,
        before: {
          staked: staked - d.staked,
          won: won - d.won,
          nightBets: r.nightBets - d.nightBets,
          declined: r.declined - d.declined,
        },
        yesterday: bigOrNull(r.yesterday),
        dayBefore: bigOrNull(r.dayBefore),
      };
      facts.push(day);
    }
  }
  if (play.length > 0) {
    const rows = await sql.query<{ playerId: string; startedAt: Date | string; lastAt: Date | string }>(UPSERT_PLAY, [
      JSON.stringify(play.map((p) => ({ p: p.playerId, f: p.first.toISOString(), l: p.last.toISOString() }))),
      `${THRESHOLDS.sessionGapMs / 1000} seconds`,
    ]);
    const firsts = new Map(play.map((p) => [p.playerId, p.first]));
    for (const r of rows) {
      const fact: PlayFacts = {
        kind: 'play',
        playerId: r.playerId,
        startedAt: new Date(r.startedAt),
        lastAt: new Date(r.lastAt),
        pageFirstAt: firsts.get(r.playerId)!,
      };
      facts.push(fact);
    }
  }
  return facts;
}

/** A deposit: counted, with the player's deposits before it. */
export async function trackDeposit(
  tx: Db,
  e: { playerId: string; currency: string; amount: string; invoiceId: string; at: string },
): Promise<Facts> {
  const [row] = await drizzleSql(tx).query<{ deposits: number; deposited: string }>(ADD_DEPOSIT, [
    e.playerId,
    e.currency,
    e.amount,
    e.at,
  ]);
  const amount = BigInt(e.amount);
  return {
    kind: 'deposit',
    playerId: e.playerId,
    currency: e.currency,
    invoiceId: e.invoiceId,
    amount,
    priorCount: (row?.deposits ?? 1) - 1,
    priorTotal: BigInt(row?.deposited ?? e.amount) - amount,
    at: new Date(e.at),
  };
}

/** A withdrawal request: what was deposited and staked since the last one (then counting starts again). */
export async function trackWithdrawal(
  tx: Db,
  e: { playerId: string; currency: string; at: string },
): Promise<Facts | null> {
  const [row] = await drizzleSql(tx).query<{ deposited: string; staked: string }>(TAKE_WITHDRAWAL, [
    e.playerId,
    e.currency,
  ]);
  if (!row) return null;
  return {
    kind: 'withdrawal',
    playerId: e.playerId,
    currency: e.currency,
    deposited: BigInt(row.deposited),
    staked: BigInt(row.staked),
    at: new Date(e.at),
  };
}
