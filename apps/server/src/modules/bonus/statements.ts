import { statement } from '../../db/lean-sql.ts';

// The bonus rule's statements inside a money movement (prepared once per connection, decision 0021).

const playerBonusColumns = `pb.id, pb.player_id as "playerId", pb.bonus_id as "bonusId", pb.currency, pb.status,
  pb.result, pb.amount, pb.required_wager as "requiredWager", pb.current_wager as "currentWager",
  pb.max_bet as "maxBet", pb.max_win as "maxWin", pb.once, pb.activation_expires_at as "activationExpiresAt",
  pb.wagering_expires_at as "wageringExpiresAt", pb.issue_key as "issueKey",
  pb.issue_session_id as "issueSessionId", pb.created_at as "createdAt", pb.activated_at as "activatedAt",
  pb.finished_at as "finishedAt"`;

const bonusColumns = `b.name, b.kind, b.wager_multiplier as "wagerMultiplier", b.cancel_lock as "cancelLock",
  b.package_id as "packageId", b.package_priority as "packagePriority", b.game_ids as "gameIds",
  b.game_ids_excluded as "gameIdsExcluded", b.provider_ids as "providerIds",
  b.provider_ids_excluded as "providerIdsExcluded", b.contributions`;

/** The currency's active bonus with what the rule needs of its definition (the account is already locked). */
export const ACTIVE_BONUS = statement(
  'bonus_active',
  `select ${playerBonusColumns}, ${bonusColumns}
     from bonus.player_bonuses pb join bonus.bonuses b on b.id = pb.bonus_id
    where pb.player_id = $1 and pb.currency = $2 and pb.status = 2`,
);

/**
 * A bet under an active bonus in one statement: its real and bonus parts added to the round (a round belongs
 * to the bonus active at its first bet), and the bonus's wagering progress (and end, when complete).
 */
export const STAKE_AND_WAGER = statement(
  'bonus_stake_and_wager',
  `with stake as (
     insert into bonus.stakes as s (provider_id, round_id, player_bonus_id, real, bonus) values ($1, $2, $3, $4, $5)
     on conflict (provider_id, round_id) do update set real = s.real + excluded.real, bonus = s.bonus + excluded.bonus
   )
   update bonus.player_bonuses set current_wager = $6, status = $7, result = $8, finished_at = $9 where id = $3`,
);

/**
 * A win settles its round's stakes and reads them with the state of the bonus they were made under, in one
 * statement (nothing when the round was not staked under a bonus).
 */
export const SETTLE_ROUND_STAKE = statement(
  'bonus_settle_round_stake',
  `update bonus.stakes s set settled = true
     from bonus.player_bonuses pb
    where pb.id = s.player_bonus_id and s.provider_id = $1 and s.round_id = $2
   returning s.real, s.bonus, s.player_bonus_id as "playerBonusId", pb.status, pb.result`,
);

/** The round's stakes and the state of the bonus they were made under (a rollback adjusts them). */
export const ROUND_STAKE = statement(
  'bonus_round_stake',
  `select s.real, s.bonus, s.settled, s.player_bonus_id as "playerBonusId", pb.status, pb.result
     from bonus.stakes s join bonus.player_bonuses pb on pb.id = s.player_bonus_id
    where s.provider_id = $1 and s.round_id = $2`,
);

/** A rollback takes its refund's parts back out of the round's stakes. */
export const REFUND_STAKE = statement(
  'bonus_refund_stake',
  `update bonus.stakes set real = greatest(real - $3, 0), bonus = greatest(bonus - $4, 0)
    where provider_id = $1 and round_id = $2`,
);

export const OPEN_STAKES = statement(
  'bonus_open_stakes',
  'select count(*)::int as n from bonus.stakes where player_bonus_id = $1 and not settled',
);

/** Wagering progress, and the end when it is complete or the money is gone. */
export const SET_WAGER = statement(
  'bonus_set_wager',
  `update bonus.player_bonuses set current_wager = $2, status = $3, result = $4, finished_at = $5
    where id = $1 returning finished_at as "finishedAt"`,
);
