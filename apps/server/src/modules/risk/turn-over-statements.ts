import { statement } from '../../db/lean-sql.ts';

// The turn-over wager's counters in the money path (decision 0066). Per player and currency: `target` is the
// turnover the deposits so far require (cumulative), `wagered` the real money staked towards it, `cycle_start`
// what was wagered when the current requirement began. Owed: target − wagered, when positive. The wallet's
// withdrawal hold on the account (decision 0076) follows it: the limits rule's effect asks the movement's own
// statement to release or hold it (decision 0099), so this module writes no wallet table.

/**
 * The operator's rule is on (the `turn-over` operating setting, turn-over-setting.ts; never set: on, N = 1;
 * decision 0076). SQL, for the statements below.
 */
const RULE_ON = `coalesce((select coalesce((s.value->>'enabled')::boolean, true)
    and coalesce((s.value->>'multiplier')::numeric, 1) > 0
    from settings.operating_settings s where s.key = 'turn-over'), true)`;

/**
 * A bet's real stake counts while some turnover is owed; `met` when this stake reaches the target (the hold is
 * then released). A data-modifying WITH that the limits rule's bet statement carries (money-rule.ts), so counting
 * costs no statement of its own. Parameters of that statement: $1 player, $2 currency, $6 the stake's real part
 * (minor units).
 */
export const TURN_OVER_ON_BET = `turn_over as (
     update risk.turn_overs set wagered = wagered + $6::bigint
      where player_id = $1::uuid and currency = $2 and wagered < target and $6::bigint > 0
     returning wagered >= target as met
   )`;

/**
 * A rollback takes its refunded real stake back out of the count (never below zero). `held`: turnover is owed
 * again while the rule is on, so the rollback's movement holds the account's withdrawals again.
 */
export const TURN_OVER_REFUND = statement(
  'risk_turn_over_refund',
  `with turn_over as (
     update risk.turn_overs set wagered = greatest(wagered - $3::bigint, 0)
      where player_id = $1::uuid and currency = $2
     returning wagered < target as owed
   )
   select (exists (select 1 from turn_over where owed) and ${RULE_ON}) as held`,
);
