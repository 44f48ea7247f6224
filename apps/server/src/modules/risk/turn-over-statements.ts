import { statement } from '../../db/lean-sql.ts';
import { withdrawalHoldCte } from '../wallet/index.ts';

// The turn-over wager's counters in the money path (decision 0066). Per player and currency: `target` is the
// turnover the deposits so far require (cumulative), `wagered` the real money staked towards it, `cycle_start`
// what was wagered when the current requirement began. Owed: target − wagered, when positive. The wallet's
// withdrawal hold on the account (decision 0076) follows it in the same statements.

/** The operator's rule is on (no row: on, N = 1; decision 0076). SQL, for the statements below. */
const RULE_ON = `coalesce((select s.enabled and s.multiplier > 0 from risk.turn_over_settings s where s.id = 1), true)`;

/**
 * A bet's real stake counts while some turnover is owed; the stake that reaches the target releases the
 * account's withdrawal hold. Data-modifying WITHs that the bonus rule's first bet statement carries
 * (`with ${TURN_OVER_ON_BET} select …`), so counting and releasing cost no statement of their own, and the
 * bet's movement statement that follows shows the withdrawable amount in its balance event.
 * Parameters: $1 player, $2 currency, $3 the stake's real part (minor units).
 */
export const TURN_OVER_ON_BET = `turn_over as (
     update risk.turn_overs set wagered = wagered + $3::bigint
      where player_id = $1::uuid and currency = $2 and wagered < target and $3::bigint > 0
     returning wagered >= target as met
   ), ${withdrawalHoldCte('turn_over_met', false, 'exists (select 1 from turn_over where met)')}`;

/**
 * A rollback takes its refunded real stake back out of the count (never below zero); turnover owed again
 * (while the rule is on) holds the account's withdrawals again, before the rollback's movement writes its event.
 */
export const TURN_OVER_REFUND = statement(
  'risk_turn_over_refund',
  `with turn_over as (
     update risk.turn_overs set wagered = greatest(wagered - $3::bigint, 0)
      where player_id = $1::uuid and currency = $2
     returning wagered < target as owed
   ), ${withdrawalHoldCte('turn_over_owed', true, `exists (select 1 from turn_over where owed) and ${RULE_ON}`)}
   select 1 as refunded`,
);
