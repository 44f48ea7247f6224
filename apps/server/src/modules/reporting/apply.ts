import type { Db } from '../../db/client.ts';
import { drizzleSql, type QueryOptions, type Sql, statement } from '../../db/lean-sql.ts';
import {
  type BonusCostDelta,
  classify,
  type Effects,
  type FigureDelta,
  type GameDelta,
  type Milestone,
  type PlayerDelta,
} from './classify.ts';
import type { ReportingEvent } from './events.ts';

// A page of events onto the rollups (decision 0121): the page's effects are summed in memory, then written by
// batched upserts that add, whatever the page's size: one statement for the player days, games and figures
// (the bet path's tables), and one each for milestones and campaigns' players when the page has any. The
// counters that depend on what the rows held before (new players, first deposits, a campaign's players) come from
// the statements that set those facts and go into the figures; active players are counted inside the one
// statement from what the player rows answer.

type Figures = FigureDelta & { activePlayers: number; newPlayers: number; firstDeposits: number };

const key = (...parts: string[]) => parts.join('|');

const emptyFigures = (): Figures => ({
  deposits: 0n,
  depositCount: 0,
  withdrawals: 0n,
  withdrawalCount: 0,
  bets: 0n,
  wins: 0n,
  bonusCost: 0n,
  adjustments: 0n,
  activePlayers: 0,
  newPlayers: 0,
  firstDeposits: 0,
});

/** Adds `b` to `a`, field by field (bigint and number fields alike). */
function add<T extends object>(a: T, b: Partial<T>): void {
  const target = a as Record<string, unknown>;
  for (const [k, v] of Object.entries(b)) {
    if (typeof v === 'bigint') target[k] = (target[k] as bigint) + v;
    else if (typeof v === 'number') target[k] = (target[k] as number) + v;
  }
}

/** Every number of a delta is zero: the row would change nothing. */
const isZero = (delta: object) =>
  Object.values(delta).every((v) => (typeof v === 'string' ? true : v === 0n || v === 0));

/** The page's effects summed per row of each table. */
export class PageSums {
  readonly figures = new Map<string, { day: string; currency: string; delta: Figures }>();
  readonly games = new Map<string, { day: string; currency: string; delta: GameDelta }>();
  readonly players = new Map<string, { day: string; currency: string; delta: PlayerDelta }>();
  readonly bonus = new Map<string, { day: string; currency: string; delta: Omit<BonusCostDelta, 'playerId'> }>();
  /** (day, kind, campaign, currency, player) of the page's bonus costs: the campaign's players of the day. */
  readonly bonusPlayers = new Map<
    string,
    { day: string; currency: string; kind: string; campaignId: string; playerId: string }
  >();
  readonly registrations = new Map<string, Milestone>();
  readonly deposits = new Map<string, Milestone>();

  figuresOf(day: string, currency: string): Figures {
    const k = key(day, currency);
    const row = this.figures.get(k) ?? { day, currency, delta: emptyFigures() };
    this.figures.set(k, row);
    return row.delta;
  }

  add(e: Effects): void {
    const { day, currency } = e;
    if (e.figures) add(this.figuresOf(day, currency), e.figures);
    if (e.game) {
      const k = key(day, e.game.gameId, currency);
      const row = this.games.get(k);
      if (row) add(row.delta, { ...e.game, gameId: undefined, providerId: undefined });
      else this.games.set(k, { day, currency, delta: { ...e.game } });
    }
    if (e.player) {
      const k = key(day, e.player.playerId, currency);
      const row = this.players.get(k);
      if (row) add(row.delta, { ...e.player, playerId: undefined });
      else this.players.set(k, { day, currency, delta: { ...e.player } });
    }
    if (e.bonusCost) {
      const { kind, campaignId, playerId, cost } = e.bonusCost;
      const k = key(day, kind, campaignId, currency);
      const row = this.bonus.get(k);
      if (row) row.delta.cost += cost;
      else this.bonus.set(k, { day, currency, delta: { kind, campaignId, cost } });
      this.bonusPlayers.set(key(k, playerId), { day, currency, kind, campaignId, playerId });
    }
    if (e.registered) earliest(this.registrations, e.registered);
    if (e.deposited) earliest(this.deposits, e.deposited);
  }
}

function earliest(map: Map<string, Milestone>, m: Milestone): void {
  const known = map.get(m.playerId);
  if (!known || Date.parse(m.at) < Date.parse(known.at)) map.set(m.playerId, m);
}

/**
 * The page's milestones, the earliest of each kind kept: a registration is set once, a first deposit moves to an
 * earlier one when one arrives late (events of one player may come out of order across pages). Answers what
 * changed, so `new_players` and `first_deposits` count a player once, on the milestone's day.
 */
const MILESTONES = statement(
  'reporting_milestones',
  `with d as (
     select * from jsonb_to_recordset($1::text::jsonb)
       as d(p uuid, ra timestamptz, rc text, fa timestamptz, fc text)
   ), old as (
     select m.player_id, m.registered_at, m.first_deposit_at, m.first_deposit_currency
       from reporting.player_milestones m join d on d.p = m.player_id
   ), up as (
     insert into reporting.player_milestones as m
            (player_id, registered_at, registered_currency, first_deposit_at, first_deposit_currency)
     select p, ra, rc, fa, fc from d
     on conflict (player_id) do update
        set registered_at = coalesce(m.registered_at, excluded.registered_at),
            registered_currency = case when m.registered_at is null then excluded.registered_currency
                                       else m.registered_currency end,
            first_deposit_at = case when excluded.first_deposit_at < m.first_deposit_at or m.first_deposit_at is null
                                    then coalesce(excluded.first_deposit_at, m.first_deposit_at)
                                    else m.first_deposit_at end,
            first_deposit_currency = case when excluded.first_deposit_at < m.first_deposit_at
                                            or (m.first_deposit_at is null and excluded.first_deposit_at is not null)
                                          then excluded.first_deposit_currency else m.first_deposit_currency end
     returning player_id, registered_at, registered_currency, first_deposit_at, first_deposit_currency
   )
   select case when old.registered_at is null and up.registered_at is not null
               then (up.registered_at at time zone 'UTC')::date::text end as "registeredDay",
          up.registered_currency as "registeredCurrency",
          case when up.first_deposit_at is distinct from old.first_deposit_at
               then (up.first_deposit_at at time zone 'UTC')::date::text end as "depositDay",
          up.first_deposit_currency as "depositCurrency",
          case when up.first_deposit_at is distinct from old.first_deposit_at
               then (old.first_deposit_at at time zone 'UTC')::date::text end as "undoneDay",
          old.first_deposit_currency as "undoneCurrency"
     from up left join old on old.player_id = up.player_id`,
);

interface MilestoneChange {
  registeredDay: string | null;
  registeredCurrency: string | null;
  depositDay: string | null;
  depositCurrency: string | null;
  undoneDay: string | null;
  undoneCurrency: string | null;
}

async function applyMilestones(sql: Sql, sums: PageSums): Promise<void> {
  const ids = new Set([...sums.registrations.keys(), ...sums.deposits.keys()]);
  if (ids.size === 0) return;
  const rows = [...ids].map((p) => {
    const r = sums.registrations.get(p);
    const d = sums.deposits.get(p);
    return { p, ra: r?.at ?? null, rc: r?.currency ?? null, fa: d?.at ?? null, fc: d?.currency ?? null };
  });
  const changes = await sql.query<MilestoneChange>(MILESTONES, [JSON.stringify(rows)]);
  for (const c of changes) {
    if (c.registeredDay && c.registeredCurrency) sums.figuresOf(c.registeredDay, c.registeredCurrency).newPlayers += 1;
    if (c.depositDay && c.depositCurrency) sums.figuresOf(c.depositDay, c.depositCurrency).firstDeposits += 1;
    if (c.undoneDay && c.undoneCurrency) sums.figuresOf(c.undoneDay, c.undoneCurrency).firstDeposits -= 1;
  }
}

/** The campaigns' players of the day, as a set: answers the rows it added (a player's first cost that day). */
const BONUS_PLAYERS = statement(
  'reporting_bonus_players',
  `insert into reporting.bonus_cost_players (day, kind, campaign_id, currency, player_id)
   select day, kind, campaign_id, currency, player_id
     from jsonb_to_recordset($1::text::jsonb) as d(day date, kind text, campaign_id text, currency text, player_id uuid)
   on conflict do nothing
   returning day::text as day, kind, campaign_id as "campaignId", currency`,
);

const BONUS_COST = statement(
  'reporting_bonus_cost',
  `insert into reporting.daily_bonus_cost as r (day, kind, campaign_id, currency, cost, players)
   select day, kind, campaign_id, currency, cost, players
     from jsonb_to_recordset($1::text::jsonb)
       as d(day date, kind text, campaign_id text, currency text, cost bigint, players int)
   on conflict (day, kind, campaign_id, currency) do update
      set cost = r.cost + excluded.cost, players = r.players + excluded.players`,
);

async function applyBonusCost(sql: Sql, sums: PageSums): Promise<void> {
  if (sums.bonus.size === 0) return;
  const players = [...sums.bonusPlayers.values()].map((p) => ({
    day: p.day,
    kind: p.kind,
    campaign_id: p.campaignId,
    currency: p.currency,
    player_id: p.playerId,
  }));
  const added = await sql.query<{ day: string; kind: string; campaignId: string; currency: string }>(BONUS_PLAYERS, [
    JSON.stringify(players),
  ]);
  const newPlayers = new Map<string, number>();
  for (const a of added) {
    const k = key(a.day, a.kind, a.campaignId, a.currency);
    newPlayers.set(k, (newPlayers.get(k) ?? 0) + 1);
  }
  const rows = [...sums.bonus.entries()].map(([k, { day, currency, delta }]) => ({
    day,
    kind: delta.kind,
    campaign_id: delta.campaignId,
    currency,
    cost: String(delta.cost),
    players: newPlayers.get(k) ?? 0,
  }));
  await sql.query(BONUS_COST, [JSON.stringify(rows)]);
}

/**
 * The bet path's tables in ONE statement (a page of bets and wins touches only these): the player days, then the
 * games' days and months, then the figures with the active players the player rows answered (a row crossing
 * 0 → > 0 stakes adds one to the day's active players, a rollback taking it back to 0 removes one: the count
 * before is the count after less the page's delta). Data-modifying CTEs each run once, whether read or not.
 * `monthly_games` gets the page's game deltas summed per calendar month, in the same statement as the days, so
 * the month always equals the sum of its days (reconciliation checks it).
 */
const ROLLUPS = statement(
  'reporting_rollups',
  `with p as (
     select * from jsonb_to_recordset($1::text::jsonb)
       as d(day date, player_id uuid, currency text, bets bigint, wins bigint, deposits bigint, withdrawals bigint,
            stake_count int)
   ), up_p as (
     insert into reporting.daily_players as r (day, player_id, currency, bets, wins, deposits, withdrawals, stake_count)
     select day, player_id, currency, bets, wins, deposits, withdrawals, stake_count from p
     on conflict (day, player_id, currency) do update
        set bets = r.bets + excluded.bets, wins = r.wins + excluded.wins, deposits = r.deposits + excluded.deposits,
            withdrawals = r.withdrawals + excluded.withdrawals, stake_count = r.stake_count + excluded.stake_count
     returning r.day, r.player_id, r.currency, r.stake_count
   ), active as (
     select up_p.day, up_p.currency,
            sum((up_p.stake_count > 0)::int - (up_p.stake_count - p.stake_count > 0)::int)::int as change
       from up_p join p using (day, player_id, currency)
      group by up_p.day, up_p.currency
   ), g as (
     select * from jsonb_to_recordset($2::text::jsonb)
       as d(day date, game_id text, provider_id text, currency text, rounds int, stakes bigint,
            stake_squares numeric, payouts bigint, real_stakes bigint, real_payouts bigint)
   ), up_g as (
     insert into reporting.daily_games as r
            (day, game_id, provider_id, currency, rounds, stakes, stake_squares, payouts, real_stakes, real_payouts)
     select day, game_id, provider_id, currency, rounds, stakes, stake_squares, payouts, real_stakes, real_payouts from g
     on conflict (day, game_id, currency) do update
        set rounds = r.rounds + excluded.rounds, stakes = r.stakes + excluded.stakes,
            stake_squares = r.stake_squares + excluded.stake_squares, payouts = r.payouts + excluded.payouts,
            real_stakes = r.real_stakes + excluded.real_stakes, real_payouts = r.real_payouts + excluded.real_payouts
   ), up_m as (
     insert into reporting.monthly_games as r
            (month, game_id, provider_id, currency, rounds, stakes, stake_squares, payouts, real_stakes, real_payouts)
     select date_trunc('month', day)::date, game_id, min(provider_id), currency, sum(rounds), sum(stakes),
            sum(stake_squares), sum(payouts), sum(real_stakes), sum(real_payouts)
       from g group by 1, game_id, currency
     on conflict (month, game_id, currency) do update
        set rounds = r.rounds + excluded.rounds, stakes = r.stakes + excluded.stakes,
            stake_squares = r.stake_squares + excluded.stake_squares, payouts = r.payouts + excluded.payouts,
            real_stakes = r.real_stakes + excluded.real_stakes, real_payouts = r.real_payouts + excluded.real_payouts
   ), f as (
     select day, currency, sum(deposits) as deposits, sum(deposit_count) as deposit_count,
            sum(withdrawals) as withdrawals, sum(withdrawal_count) as withdrawal_count, sum(bets) as bets,
            sum(wins) as wins, sum(bonus_cost) as bonus_cost, sum(adjustments) as adjustments,
            sum(active_players) as active_players, sum(new_players) as new_players,
            sum(first_deposits) as first_deposits
       from (select * from jsonb_to_recordset($3::text::jsonb)
               as d(day date, currency text, deposits bigint, deposit_count int, withdrawals bigint,
                    withdrawal_count int, bets bigint, wins bigint, bonus_cost bigint, adjustments bigint,
                    active_players int, new_players int, first_deposits int)
             union all
             select day, currency, 0, 0, 0, 0, 0, 0, 0, 0, change, 0, 0 from active where change <> 0) x
      group by day, currency
   )
   insert into reporting.daily_figures as r
          (day, currency, deposits, deposit_count, withdrawals, withdrawal_count, bets, wins, bonus_cost, adjustments,
           active_players, new_players, first_deposits)
   select day, currency, deposits, deposit_count, withdrawals, withdrawal_count, bets, wins, bonus_cost, adjustments,
          active_players, new_players, first_deposits from f
   on conflict (day, currency) do update
      set deposits = r.deposits + excluded.deposits, deposit_count = r.deposit_count + excluded.deposit_count,
          withdrawals = r.withdrawals + excluded.withdrawals,
          withdrawal_count = r.withdrawal_count + excluded.withdrawal_count,
          bets = r.bets + excluded.bets, wins = r.wins + excluded.wins, bonus_cost = r.bonus_cost + excluded.bonus_cost,
          adjustments = r.adjustments + excluded.adjustments,
          active_players = r.active_players + excluded.active_players,
          new_players = r.new_players + excluded.new_players, first_deposits = r.first_deposits + excluded.first_deposits`,
);

const playerRows = (sums: PageSums) =>
  [...sums.players.values()]
    .filter((r) => !isZero(r.delta))
    .map(({ day, currency, delta: d }) => ({
      day,
      player_id: d.playerId,
      currency,
      bets: String(d.bets),
      wins: String(d.wins),
      deposits: String(d.deposits),
      withdrawals: String(d.withdrawals),
      stake_count: d.stakeCount,
    }));

const gameRows = (sums: PageSums) =>
  [...sums.games.values()]
    .filter((r) => !isZero(r.delta))
    .map(({ day, currency, delta: d }) => ({
      day,
      game_id: d.gameId,
      provider_id: d.providerId,
      currency,
      rounds: d.rounds,
      stakes: String(d.stakes),
      stake_squares: String(d.stakeSquares),
      payouts: String(d.payouts),
      real_stakes: String(d.realStakes),
      real_payouts: String(d.realPayouts),
    }));

const figureRows = (sums: PageSums) =>
  [...sums.figures.values()]
    .filter((r) => !isZero(r.delta))
    .map(({ day, currency, delta: d }) => ({
      day,
      currency,
      deposits: String(d.deposits),
      deposit_count: d.depositCount,
      withdrawals: String(d.withdrawals),
      withdrawal_count: d.withdrawalCount,
      bets: String(d.bets),
      wins: String(d.wins),
      bonus_cost: String(d.bonusCost),
      adjustments: String(d.adjustments),
      active_players: d.activePlayers,
      new_players: d.newPlayers,
      first_deposits: d.firstDeposits,
    }));

/** The player days, games (days and months) and figures, or nothing when the page changes none of them. */
async function applyRollups(sql: Sql, sums: PageSums, options: QueryOptions): Promise<void> {
  const players = playerRows(sums);
  const games = gameRows(sums);
  const figures = figureRows(sums);
  if (players.length + games.length + figures.length === 0) return;
  await sql.query(ROLLUPS, [JSON.stringify(players), JSON.stringify(games), JSON.stringify(figures)], options);
}

/** Sums a page's events (pure: the unit tests' way in). */
export function sumEvents(events: readonly ReportingEvent[]): PageSums {
  const sums = new PageSums();
  for (const event of events) {
    const effects = classify(event);
    if (effects) sums.add(effects);
  }
  return sums;
}

/**
 * Applies a page's sums to the rollups in the caller's transaction: the facts-setting statements first, only
 * when the page has such facts (milestones, campaigns' players), then one statement for the rest with the
 * counters they answered. A page of bets and wins is ONE statement. `last`: it may end the transaction (the
 * lean transaction sends COMMIT with it).
 */
export async function applySums(sql: Sql, sums: PageSums, options: QueryOptions = {}): Promise<void> {
  await applyMilestones(sql, sums);
  await applyBonusCost(sql, sums);
  await applyRollups(sql, sums, options);
}

/** Applies a page of events in a Drizzle transaction (tests, and any caller without a lean transaction). */
export async function applyEvents(tx: Db, events: readonly ReportingEvent[]): Promise<void> {
  await applySums(drizzleSql(tx), sumEvents(events));
}
