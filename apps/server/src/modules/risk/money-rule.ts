import { PlayerChannel, playerChannel, RealtimeEvent } from '@croupier/contracts';
import { LimitDefinition } from '@croupier/contracts/reference/index';
import { type Sql, statement } from '../../db/lean-sql.ts';
import { type MoneyRule, type Movement, type RuleEffect, RuleRefusal } from '../wallet/index.ts';
import { complianceRow, crossesNear } from './compliance-events.ts';
import { TURN_OVER_ON_BET, TURN_OVER_REFUND } from './turn-over-statements.ts';
import { profileZoneSql, windowStartSql } from './windows-sql.ts';

// Bet and loss limits, cooling-off and self-exclusion inside every seamless movement (decision 0040). The
// rule runs in the movement's transaction under the account lock; limits are per currency and one account
// holds one currency, so every movement that counts against a limit queues on that one lock, on every
// instance: the counters below are read and written by one movement at a time and can never overshoot.

/**
 * The one statement of every movement (decision 0078):
 * - counts it in the play session's totals (the reality check, decision 0057);
 * - reads the limits in force, with waiting changes resolved at $3 exactly as the list resolves them;
 * - adds it to the window counter of each window that a bet or loss limit in this currency is in, each
 *   limit's window computed here in the limit's own zone (the profile's when it was set, decision 0091: an
 *   edit of the profile never reopens a window), and answers each limit with its window's totals after this
 *   movement. Limits whose windows start at the same instant share one counter (distinct before the upsert,
 *   which may touch a row once).
 * The zone is a column of the limit: the statement no longer reads the profile (the zone subquery's plan
 * nodes were a fifth of the executor's start-up, decision 0085).
 * A refusal later rolls the counts back with the rest. Data-modifying WITHs run once, whatever the outer
 * query reads; a player without a cash limit inserts no counter. $4 is the stake (a rollback: minus the
 * refunded stake), $5 the payout: stakes count on both limits, the net loss is stakes − payouts.
 * A bet's statement also counts its real stake ($6) towards the turn-over wager (decision 0066) and then answers
 * one more row, `turnedOver`, when the stake reached the target (decision 0099).
 */
const inForce = (name: string, play: string, turnOver = false) => {
  const more = turnOver
    ? {
        cte: `, ${TURN_OVER_ON_BET}`,
        column: ', false as "turnedOver"',
        row: '\n   union all select null, null, null, null, null, true from turn_over where met',
      }
    : { cte: '', column: '', row: '' };
  return statement(
    name,
    `with ${play}${more.cte}, lim as (
     select id, definition, period, ${profileZoneSql('zone')} as zone,
            case when pending_at <= $3::timestamptz then pending_amount else amount end as amount
       from risk.limits
      where player_id = $1::uuid and ended_at is null
        and (removal_at is null or removal_at > $3::timestamptz)
        and (definition > 3 or (definition <= 2 and currency = $2))
        and not (definition = 5 and coalesce(expired_at <= $3::timestamptz, false))
        and not (definition = 4 and coalesce(reopen_requested_at + interval '1 day' <= $3::timestamptz, false))
   ), win as (
     select l.id, l.period, w4.window_start
       from lim l, ${windowStartSql('l.period', '$3::timestamptz', 'l.zone')}
      where l.definition <= 2
   ), counted as (
     insert into risk.usage as u (player_id, currency, period, window_start, staked, net_loss)
     select distinct $1::uuid, $2, w.period, w.window_start, greatest($4::bigint, 0), $4::bigint - $5::bigint
       from win w
     on conflict (player_id, currency, period, window_start) do update
        set staked = greatest(u.staked + $4::bigint, 0), net_loss = u.net_loss + ($4::bigint - $5::bigint)
     returning period, window_start, staked, net_loss
   )
   select l.definition, l.period, l.amount::text as amount, c.staked::text as staked,
          c.net_loss::text as "netLoss"${more.column}
     from lim l
     left join win w on w.id = l.id
     left join counted c on c.period = w.period and c.window_start = w.window_start${more.row}`,
  );
};

/** A bet or a win counts in the session's totals (the session's first movement creates its row). */
const PLAY = `play as (
     insert into risk.session_play as s (player_id, currency, staked, won)
     values ($1::uuid, $2, $4::bigint, $5::bigint)
     on conflict (player_id, currency) do update
        set staked = greatest(s.staked + $4::bigint, 0), won = greatest(s.won + $5::bigint, 0)
   )`;
const IN_FORCE = inForce('risk_in_force', PLAY);
/** A bet's: the same, and its real stake ($6) counts towards the turn-over wager. */
const IN_FORCE_BET = inForce('risk_in_force_bet', PLAY, true);

/**
 * A rollback takes its stake back only from the session that counted the bet (decision 0093): the row
 * created no later than the bet ($6, the bet's time). A bet from before the last sign-in is not this session's.
 */
const IN_FORCE_ROLLBACK = inForce(
  'risk_in_force_rollback',
  `play as (
     update risk.session_play set staked = greatest(staked + $4::bigint, 0)
      where player_id = $1::uuid and currency = $2 and created_at <= coalesce($6::timestamptz, 'infinity')
   )`,
);

interface InForce {
  /** Null on the bet's `turnedOver` row only. */
  definition: number | null;
  period: string;
  amount: string | null;
  /** The period's totals after this movement (cash limits only). */
  staked: string | null;
  netLoss: string | null;
  /** A bet's stake reached the turn-over target: the account's withdrawals are released (decision 0076). */
  turnedOver?: boolean;
}

export interface MoneyRuleDeps {
  now: () => Date;
}

const refusal = (m: Movement, reason: string, kind: ConstructorParameters<typeof RuleRefusal>[0], message: string) =>
  new RuleRefusal(kind, message, {
    channel: playerChannel(PlayerChannel.bets, m.playerId),
    event: RealtimeEvent.betRestricted,
    data: { event: RealtimeEvent.betRestricted, gameId: m.gameId, gameIdentity: m.gameId, reason },
  });

/** Refuses a bet over a limit in force (its rows, after this stake), during a cooling-off or a self-exclusion. */
function assertMayBet(m: Movement, rows: readonly InForce[]): void {
  let coolingOff = false;
  for (const r of rows) {
    if (r.definition === LimitDefinition.selfExclusion) {
      throw refusal(m, 'self_excluded', 'self_excluded', 'The player is self-excluded');
    }
    if (r.definition === LimitDefinition.coolingOff) coolingOff = true;
  }
  if (coolingOff) throw refusal(m, 'cooling_off', 'cooling_off', 'The player is cooling off');
  for (const limit of rows) {
    if (limit.definition === null || limit.definition > LimitDefinition.loss || limit.amount === null) continue;
    const bet = limit.definition === LimitDefinition.bet;
    const total = bet ? limit.staked : limit.netLoss;
    // After this stake: a loss limit refuses a bet that, lost, would take the net loss over it.
    if (total !== null && BigInt(total) > BigInt(limit.amount)) {
      const what = bet ? 'bet_limit' : 'loss_limit';
      throw refusal(m, what, 'limit_reached', `The ${limit.period} ${bet ? 'bet' : 'loss'} limit is reached`);
    }
  }
}

type RuleEvent = NonNullable<RuleEffect['events']>[number];

/**
 * "80 % of a limit used" for compliance (decision 0114): only the bet that crosses it writes an event, with the
 * movement's own statement (rare: at most once per limit and window), so the bet path stays as it was.
 */
function nearEvents(m: Movement, rows: readonly InForce[], now: Date): RuleEvent[] {
  const events: RuleEvent[] = [];
  for (const r of rows) {
    if (r.definition === null || r.definition > LimitDefinition.loss || r.amount === null) continue;
    const total = r.definition === LimitDefinition.bet ? r.staked : r.netLoss;
    if (total === null) continue;
    const after = BigInt(total);
    if (!crossesNear(after - m.amount, after, BigInt(r.amount))) continue;
    events.push(
      complianceRow({
        kind: 'limit.near',
        playerId: m.playerId,
        definition: r.definition,
        period: r.period,
        currency: m.currency,
        amount: r.amount,
        used: after.toString(),
        at: now.toISOString(),
      }),
    );
  }
  return events;
}

/**
 * A rollback: counted back, and its refunded real stake no longer counts towards the turn-over wager (decision
 * 0066); turnover owed again (the rule on) holds the account's withdrawals again, in the movement's statement.
 */
async function rollback(sql: Sql, m: Movement, values: unknown[]): Promise<RuleEffect | undefined> {
  await sql.query(IN_FORCE_ROLLBACK, [...values, m.cancelledBet?.at ?? null]);
  if (m.parts.real <= 0n) return undefined;
  const [row] = await sql.query<{ held: boolean }>(TURN_OVER_REFUND, [m.playerId, m.currency, String(m.parts.real)]);
  return row?.held ? { withdrawalsHeld: true } : undefined;
}

/**
 * Bet and loss limits, cooling-off, self-exclusion, the play session's totals and the turn-over wager's count,
 * in every movement. A bet whose real stake reaches the turn-over target releases the account's withdrawals
 * (a rule effect: the movement's own statement writes the wallet's flag, decision 0099).
 */
export function limitsRule(deps: MoneyRuleDeps): MoneyRule {
  return {
    name: 'responsible-gaming-limits',
    kinds: ['bet', 'win', 'rollback'],
    async apply({ sql, movement: m }) {
      // The stake (a rollback takes its stake back) and the payout.
      const staked = m.kind === 'bet' ? String(m.amount) : m.kind === 'rollback' ? String(-m.amount) : '0';
      const won = m.kind === 'win' ? String(m.amount) : '0';
      const values: unknown[] = [m.playerId, m.currency, deps.now(), staked, won];
      // Wins and rollbacks are counted and never refused.
      if (m.kind === 'rollback') return rollback(sql, m, values);
      if (m.kind === 'win') {
        await sql.query(IN_FORCE, values);
        return undefined;
      }
      const rows = await sql.query<InForce>(IN_FORCE_BET, [...values, String(-m.parts.real)]);
      assertMayBet(m, rows);
      const near = nearEvents(m, rows, deps.now());
      const released = rows.some((r) => r.turnedOver);
      if (near.length === 0) return released ? { withdrawalsHeld: false } : undefined;
      return { events: near, ...(released ? { withdrawalsHeld: false } : {}) };
    },
  };
}
