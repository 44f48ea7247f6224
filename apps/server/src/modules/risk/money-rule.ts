import { PlayerChannel, playerChannel, RealtimeEvent } from '@croupier/contracts';
import { LimitDefinition } from '@croupier/contracts/reference/index';
import { statement } from '../../db/lean-sql.ts';
import { timeZoneSubquery } from '../player/index.ts';
import { type MoneyRule, type Movement, RuleRefusal } from '../wallet/seamless/index.ts';
import { cashPeriods, windowOf, zoneOrUtc } from './windows.ts';

// Bet and loss limits, cooling-off and self-exclusion inside every seamless movement (decision 0040). The
// rule runs in the movement's transaction under the account lock; limits are per currency and one account
// holds one currency, so every movement that counts against a limit queues on that one lock, on every
// instance: the counters below are read and written by one movement at a time and can never overshoot.

/**
 * One statement for every movement: counts it in the play session's totals (the reality check, decision
 * 0057) and answers the limits in force, with waiting changes resolved at $3 exactly as the list resolves
 * them, and the player's time zone for the windows. A refusal later rolls the count back with the rest.
 * (A data-modifying WITH runs once whatever the outer query reads.)
 */
const IN_FORCE = statement(
  'risk_in_force',
  `with play as (
     insert into risk.session_play as s (player_id, currency, staked, won)
     values ($1::uuid, $2, $4::bigint, $5::bigint)
     on conflict (player_id, currency) do update
        set staked = greatest(s.staked + $4::bigint, 0), won = greatest(s.won + $5::bigint, 0)
   )
   select definition, period,
          (case when pending_at <= $3 then pending_amount else amount end)::text as amount,
          ${timeZoneSubquery('$1')} as "timeZone"
     from risk.limits
    where player_id = $1::uuid and ended_at is null
      and (removal_at is null or removal_at > $3)
      and (definition > 3 or (definition <= 2 and currency = $2))
      and not (definition = 5 and coalesce(expired_at <= $3, false))
      and not (definition = 4 and coalesce(reopen_requested_at + interval '1 day' <= $3, false))`,
);

/** Adds the movement to the daily, weekly and monthly windows it falls in; answers the totals after it. */
const COUNT = statement(
  'risk_count',
  `insert into risk.usage as u (player_id, currency, period, window_start, staked, net_loss)
   values ($1::uuid, $2, 'daily', $3, greatest($6::bigint, 0), $7::bigint),
          ($1::uuid, $2, 'weekly', $4, greatest($6::bigint, 0), $7::bigint),
          ($1::uuid, $2, 'monthly', $5, greatest($6::bigint, 0), $7::bigint)
   on conflict (player_id, currency, period, window_start) do update
      set staked = greatest(u.staked + $6::bigint, 0), net_loss = u.net_loss + $7::bigint
   returning period, staked::text as staked, net_loss::text as "netLoss"`,
);

interface InForce {
  definition: number;
  period: string;
  amount: string | null;
  timeZone: string | null;
}

export interface MoneyRuleDeps {
  now: () => Date;
}

/** The play session's stakes and wins (a rollback takes its stake back). */
function sessionDeltasOf(m: Movement): [bigint, bigint] {
  if (m.kind === 'bet') return [m.amount, 0n];
  if (m.kind === 'win') return [0n, m.amount];
  return [-m.amount, 0n];
}

/** Stakes count on both limits; a win lowers the net loss; a refund takes back its stake from both. */
function deltasOf(m: Movement): { staked: bigint; netLoss: bigint } {
  if (m.kind === 'bet') return { staked: m.amount, netLoss: m.amount };
  if (m.kind === 'win') return { staked: 0n, netLoss: -m.amount };
  return { staked: -m.amount, netLoss: -m.amount };
}

const refusal = (m: Movement, reason: string, kind: ConstructorParameters<typeof RuleRefusal>[0], message: string) =>
  new RuleRefusal(kind, message, {
    channel: playerChannel(PlayerChannel.bets, m.playerId),
    event: RealtimeEvent.betRestricted,
    data: { event: RealtimeEvent.betRestricted, gameId: m.gameId, gameIdentity: m.gameId, reason },
  });

/** Bet and loss limits, cooling-off, self-exclusion, and the play session's totals, in every movement. */
export function limitsRule(deps: MoneyRuleDeps): MoneyRule {
  return {
    name: 'responsible-gaming-limits',
    kinds: ['bet', 'win', 'rollback'],
    async apply({ sql, movement: m }) {
      const now = deps.now();
      const [played, won] = sessionDeltasOf(m);
      const rows = await sql.query<InForce>(IN_FORCE, [m.playerId, m.currency, now, String(played), String(won)]);
      if (rows.length === 0) return undefined;
      if (m.kind === 'bet') {
        if (rows.some((r) => r.definition === LimitDefinition.selfExclusion)) {
          throw refusal(m, 'self_excluded', 'self_excluded', 'The player is self-excluded');
        }
        if (rows.some((r) => r.definition === LimitDefinition.coolingOff)) {
          throw refusal(m, 'cooling_off', 'cooling_off', 'The player is cooling off');
        }
      }
      const cash = rows.filter((r) => r.definition <= LimitDefinition.loss);
      if (cash.length === 0) return undefined;
      const zone = zoneOrUtc(rows[0]!.timeZone);
      const starts = cashPeriods.map((p) => windowOf(p, now, zone).start);
      const { staked, netLoss } = deltasOf(m);
      const totals = await sql.query<{ period: string; staked: string; netLoss: string }>(COUNT, [
        m.playerId,
        m.currency,
        ...starts,
        String(staked),
        String(netLoss),
      ]);
      if (m.kind !== 'bet') return undefined;
      for (const limit of cash) {
        const total = totals.find((t) => t.period === limit.period);
        if (!total || limit.amount === null) continue;
        const bet = limit.definition === LimitDefinition.bet;
        // After this stake: a loss limit refuses a bet that, lost, would take the net loss over it.
        if (BigInt(bet ? total.staked : total.netLoss) > BigInt(limit.amount)) {
          const what = bet ? 'bet_limit' : 'loss_limit';
          throw refusal(m, what, 'limit_reached', `The ${limit.period} ${bet ? 'bet' : 'loss'} limit is reached`);
        }
      }
      return undefined;
    },
  };
}
