import { statement } from '../../db/lean-sql.ts';
import { TURN_OVER_ON_BET } from '../risk/index.ts';

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
 * The same on a bet, which also counts the stake's real part towards the turn-over wager (the risk module's
 * counter, decision 0066) in this one statement: $3 is the real part.
 */
export const ACTIVE_BONUS_ON_BET = statement(
  'bonus_active_on_bet',
  `with ${TURN_OVER_ON_BET}
   select ${playerBonusColumns}, ${bonusColumns}
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
     from bonus.stakes r left join bonus.player_bonuses pb on pb.id = r.player_bonus_id
    where r.provider_id = $1 and r.round_id = $2 and s.provider_id = r.provider_id and s.round_id = r.round_id
   returning s.real, s.bonus, s.player_bonus_id as "playerBonusId", s.free_spin_id as "freeSpinId", pb.status,
             pb.result`,
);

/** The round's stakes and the state of the bonus they were made under (a rollback adjusts them). */
export const ROUND_STAKE = statement(
  'bonus_round_stake',
  `select s.real, s.bonus, s.settled, s.player_bonus_id as "playerBonusId", s.free_spin_id as "freeSpinId",
          pb.status, pb.result
     from bonus.stakes s left join bonus.player_bonuses pb on pb.id = s.player_bonus_id
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

/**
 * A free round's bet (decision 0065): uses one spin of the player's active free spins for this account's
 * currency and this game, and records the round as theirs, in one statement. Nothing returned: refused
 * (not theirs, not active, used up, expired, or the round already has a stake).
 */
export const FREE_SPIN_BET = statement(
  'bonus_free_spin_bet',
  `with spin as (
     update bonus.player_freespins set used_count = used_count + 1
      where id = $1::uuid and player_id = $2::uuid and currency = $3 and game_id = $4 and status = 2
        and used_count < count and (expires_at is null or expires_at > $7)
        and not exists (select 1 from bonus.stakes where provider_id = $5 and round_id = $6)
     returning id
   )
   insert into bonus.stakes (provider_id, round_id, free_spin_id) select $5, $6, id from spin
   returning free_spin_id as "freeSpinId"`,
);

/** A free round's win: added to the free spins' winnings while they are active; their state to decide the end. */
export const FREE_SPIN_WIN = statement(
  'bonus_free_spin_win',
  `update bonus.player_freespins f set win = f.win + case when f.status = 2 then $2::bigint else 0 end
    where f.id = $1
   returning f.id, f.player_id as "playerId", f.bonus_id as "bonusId", f.currency, f.game_id as "gameId", f.count,
             f.used_count as "usedCount", f.bet, f.win, f.status, f.result, f.player_bonus_id as "playerBonusId",
             f.activation_expires_at as "activationExpiresAt", f.expires_at as "expiresAt",
             f.issue_key as "issueKey", f.issue_session_id as "issueSessionId", f.created_at as "createdAt",
             f.activated_at as "activatedAt", f.finished_at as "finishedAt",
             (select count(*) from bonus.stakes s where s.free_spin_id = f.id and not s.settled)::int as "open",
             (select b.name from bonus.bonuses b where b.id = f.bonus_id) as name,
             (select b.package_id from bonus.bonuses b where b.id = f.bonus_id) as "packageId",
             (select b.package_priority from bonus.bonuses b where b.id = f.bonus_id) as "packagePriority"`,
);

/** Every spin played and paid: the free spins are finished, played. */
export const FINISH_FREE_SPINS = statement(
  'bonus_finish_free_spins',
  'update bonus.player_freespins set status = 3, result = 2, finished_at = $2 where id = $1 and status = 2',
);

/** A free round's bet rolled back before its win: the spin is given back. */
export const FREE_SPIN_ROLLBACK = statement(
  'bonus_free_spin_rollback',
  `with s as (
     update bonus.stakes set settled = true where provider_id = $1 and round_id = $2 and not settled
     returning free_spin_id
   )
   update bonus.player_freespins set used_count = used_count - 1
    where id in (select free_spin_id from s) and status = 2 and used_count > 0`,
);
