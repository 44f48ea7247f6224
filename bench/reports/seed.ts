// The rollups a year of play would leave (issue 28, decision 0121), written straight into the reporting tables
// with generate_series: what the consumer would have written for `rounds` rounds over `days` UTC days, spread
// over `games` catalogue games of ten providers, four currencies and a player base of `players`. Presence and
// sizes come from hashes of (day, game, currency), so a run is the same every time.
import type pg from 'pg';

export interface SeedOptions {
  rounds: number;
  days: number;
  games: number;
  players: number;
  /** The first UTC day (YYYY-MM-DD). */
  from: string;
}

/** Currencies with their share of the games played on a day (EUR everywhere, NOK on a third) and of players. */
export const CURRENCIES = [
  { code: 'EUR', presence: 1, players: 0.5 },
  { code: 'USD', presence: 0.7, players: 0.25 },
  { code: 'CAD', presence: 0.5, players: 0.15 },
  { code: 'NOK', presence: 0.3, players: 0.1 },
];

/** A stable pseudo-random fraction in [0, 1) of an SQL expression (md5 of its text). */
const frac = (expr: string) => `(('x' || substr(md5(${expr}), 1, 8))::bit(32)::bigint / 4294967296.0)`;

const currencies = `(values ${CURRENCIES.map((c, i) => `(${i}, '${c.code}', ${c.presence}, ${c.players})`).join(', ')})
  as c(n, code, presence, players)`;

export async function seedRollups(
  raw: pg.Client,
  o: SeedOptions,
  log: (m: string) => void,
): Promise<Record<string, number>> {
  const started = performance.now();
  const step = async (label: string, text: string) => {
    const t0 = performance.now();
    const result = await raw.query(text);
    log(`  ${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return result.rowCount ?? 0;
  };
  const counts: Record<string, number> = {};
  // The catalogue the games report names its rows from.
  await raw.query(`insert into game.providers (identity, name)
    select 'bench-prov-' || p, 'Bench provider ' || p from generate_series(1, 10) p`);
  await raw.query(
    `insert into game.games (identity, name, provider_id, type, rtp)
     select 'bench-game-' || lpad(g::text, 4, '0'), 'Bench game ' || g, p.id, 'slots', 94 + (g % 5)
       from generate_series(1, $1::int) g join game.providers p on p.identity = 'bench-prov-' || (1 + g % 10)`,
    [o.games],
  );
  // daily_games: a (day, game, currency) is played when its hash is under the currency's presence; its rounds are
  // around the mean that makes the year's total `rounds` (fixed after the insert by one scaling update).
  counts.daily_games = await step(
    'daily_games',
    `insert into reporting.daily_games (day, game_id, provider_id, currency, rounds, stakes, stake_squares, payouts,
                                       real_stakes, real_payouts)
     select day, game_id, provider, code, rounds, stakes, stakes * stake, payouts, stakes * 9 / 10, payouts * 9 / 10
       from (
         select d::date as day, 'bench-game-' || lpad(g::text, 4, '0') as game_id, 'bench-prov-' || (1 + g % 10) as provider,
                c.code, r.rounds, r.stake, r.rounds * r.stake as stakes,
                (r.rounds * r.stake * (0.90 + 0.12 * ${frac("d::text || g || c.code || 'p'")}))::bigint as payouts
           from generate_series('${o.from}'::date, '${o.from}'::date + ${o.days - 1}, '1 day') d
           cross join generate_series(1, ${o.games}) g
           cross join ${currencies}
           cross join lateral (select 1 + (80 * ${frac("d::text || g || c.code || 'r'")})::int as rounds,
                                      50 + (450 * ${frac("g::text || c.code || 's'")})::int as stake) r
          where ${frac('d::text || g || c.code')} < c.presence
       ) x`,
  );
  const [{ total }] = (
    await raw.query<{ total: string }>('select sum(rounds)::text as total from reporting.daily_games')
  ).rows as [{ total: string }];
  const scale = o.rounds / Number(total);
  await raw.query(
    `update reporting.daily_games set rounds = greatest(1, round(rounds * $1::numeric)), stakes = round(stakes * $1::numeric),
       stake_squares = round(stake_squares * $1::numeric), payouts = round(payouts * $1::numeric),
       real_stakes = round(real_stakes * $1::numeric), real_payouts = round(real_payouts * $1::numeric)`,
    [scale],
  );
  // monthly_games: what the consumer adds to the month with each day (the games report's whole months).
  counts.monthly_games = await step(
    'monthly_games',
    `insert into reporting.monthly_games (month, game_id, provider_id, currency, rounds, stakes, stake_squares, payouts,
                                        real_stakes, real_payouts)
     select date_trunc('month', day)::date, game_id, min(provider_id), currency, sum(rounds), sum(stakes),
            sum(stake_squares), sum(payouts), sum(real_stakes), sum(real_payouts)
       from reporting.daily_games group by 1, game_id, currency`,
  );
  // daily_players: each currency's share of a daily active base (≈ 2.8 % of the players a day), each with the
  // day's rounds of that currency shared out.
  counts.daily_players = await step(
    'daily_players',
    `insert into reporting.daily_players (day, player_id, currency, bets, wins, deposits, withdrawals, stake_count)
     select d::date, md5('player' || (1 + (${frac('d::text || c.code || k')} * ${o.players})::int))::uuid, c.code,
            (200 + 5000 * ${frac("d::text || c.code || k || 'b'")})::bigint,
            (180 + 4900 * ${frac("d::text || c.code || k || 'w'")})::bigint,
            case when k % 4 = 0 then 2000 else 0 end, case when k % 15 = 0 then 5000 else 0 end,
            1 + (9 * ${frac("d::text || c.code || k || 'n'")})::int
       from generate_series('${o.from}'::date, '${o.from}'::date + ${o.days - 1}, '1 day') d
       cross join ${currencies}
       cross join lateral generate_series(1, (${o.players} * 0.028 * c.players)::int) k
     on conflict do nothing`,
  );
  // daily_figures: the day's sums of the two (what the consumer keeps alongside), and registrations.
  counts.daily_figures = await step(
    'daily_figures',
    `insert into reporting.daily_figures (day, currency, deposits, deposit_count, withdrawals, withdrawal_count, bets,
                                         wins, bonus_cost, adjustments, active_players, new_players, first_deposits)
     select g.day, g.currency, p.deposits, p.deposit_count, p.withdrawals, p.withdrawal_count, g.bets, g.wins,
            g.bets / 50, 0, p.active, p.active / 20, p.active / 40
       from (select day, currency, sum(real_stakes) as bets, sum(real_payouts) as wins
               from reporting.daily_games group by 1, 2) g
       join (select day, currency, sum(deposits) as deposits, count(*) filter (where deposits > 0) as deposit_count,
                    sum(withdrawals) as withdrawals, count(*) filter (where withdrawals > 0) as withdrawal_count,
                    count(*) as active
               from reporting.daily_players group by 1, 2) p using (day, currency)`,
  );
  counts.daily_bonus_cost = await step(
    'daily_bonus_cost',
    `insert into reporting.daily_bonus_cost (day, kind, campaign_id, currency, cost, players)
     select d::date, (array['bonus','free_spins','cashback','quest','tournament'])[1 + k % 5], 'campaign-' || k, c.code,
            (1000 + 50000 * ${frac('d::text || c.code || k')})::bigint, 1 + k % 30
       from generate_series('${o.from}'::date, '${o.from}'::date + ${o.days - 1}, '1 day') d
       cross join ${currencies}
       cross join generate_series(1, 12) k`,
  );
  counts.player_milestones = await step(
    'player_milestones',
    `insert into reporting.player_milestones (player_id, registered_at, registered_currency, first_deposit_at,
                                             first_deposit_currency)
     select md5('player' || n)::uuid, ts, 'EUR', case when n % 3 > 0 then ts + interval '2 hours' end,
            case when n % 3 > 0 then 'EUR' end
       from generate_series(1, ${o.players}) n
       cross join lateral (select '${o.from}'::timestamptz + (n::float / ${o.players}) * interval '${o.days} days' as ts) t`,
  );
  for (const table of [
    'daily_games',
    'monthly_games',
    'daily_players',
    'daily_figures',
    'daily_bonus_cost',
    'player_milestones',
  ]) {
    await raw.query(`vacuum analyze reporting.${table}`);
  }
  const [{ rounds }] = (
    await raw.query<{ rounds: string }>('select sum(rounds)::text as rounds from reporting.daily_games')
  ).rows as [{ rounds: string }];
  counts.rounds = Number(rounds);
  log(`rollups ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
  return counts;
}
