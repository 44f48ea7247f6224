import { statement } from '../../db/lean-sql.ts';

// The turn-over wager's counters in the money path (decision 0066). Per player and currency: `target` is the
// turnover the deposits so far require (cumulative), `wagered` the real money staked towards it, `cycle_start`
// what was wagered when the current requirement began. Owed: target − wagered, when positive.

/**
 * A bet's real stake counts while some turnover is owed. A data-modifying WITH that the bonus rule's first
 * bet statement carries (`with ${TURN_OVER_ON_BET} select …`), so counting costs no statement of its own.
 * Parameters: $1 player, $2 currency, $3 the stake's real part (minor units).
 */
export const TURN_OVER_ON_BET = `turn_over as (
     update risk.turn_overs set wagered = wagered + $3::bigint
      where player_id = $1::uuid and currency = $2 and wagered < target and $3::bigint > 0
   )`;

/** A rollback takes its refunded real stake back out of the count (never below zero). */
export const TURN_OVER_REFUND = statement(
  'risk_turn_over_refund',
  `update risk.turn_overs set wagered = greatest(wagered - $3::bigint, 0)
    where player_id = $1::uuid and currency = $2`,
);
