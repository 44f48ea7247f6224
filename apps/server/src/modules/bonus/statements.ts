import { statement } from '../../db/lean-sql.ts';

// The bonus rule's statements inside a money movement (prepared once per connection, decision 0021).

const playerBonusColumns = `pb.id, pb.player_id as "playerId", pb.bonus_id as "bonusId", pb.currency, pb.status,
  pb.result, pb.amount, pb.required_wager as "requiredWager", pb.current_wager as "currentWager",
  pb.max_bet as "maxBet", pb.max_win as "maxWin", pb.converted, pb.once, pb.activation_expires_at as "activationExpiresAt",
  pb.wagering_expires_at as "wageringExpiresAt", pb.issue_key as "issueKey",
  pb.issue_session_id as "issueSessionId", pb.terms, pb.created_at as "createdAt", pb.activated_at as "activatedAt",
  pb.finished_at as "finishedAt"`;

/**
 * What presenting it needs of the definition. Its money rules (multiplier, games, contributions, cancel lock)
 * are the bonus's own frozen terms, `pb.terms` (issue 27): never read from the definition here.
 */
const bonusColumns = `b.name, b.kind, b.package_id as "packageId", b.package_priority as "packagePriority"`;

/** The currency's active bonus with what the rule needs of its definition (the account is already locked). */
export const ACTIVE_BONUS = statement(
  'bonus_active',
  `select ${playerBonusColumns}, ${bonusColumns}
     from bonus.player_bonuses pb join bonus.bonuses b on b.id = pb.bonus_id
    where pb.player_id = $1 and pb.currency = $2 and pb.status = 2`,
);

/**
 * The same on a bet, which reads the round's stake too ($3 provider, $4 round), for the max bet per round and
 * the round's bonus (decision 0090): `roundStaked` is what the round already holds under this bonus,
 * `otherRound` that the round belongs to another bonus or free spins, `freeRound` that it is a free round. One
 * row always: its bonus columns are null when no bonus is active.
 */
export const ACTIVE_BONUS_ON_BET = statement(
  'bonus_active_on_bet',
  `select ${playerBonusColumns}, ${bonusColumns},
          coalesce(s.real + s.bonus, 0)::bigint as "roundStaked",
          (s.round_id is not null and s.player_bonus_id is distinct from pb.id) as "otherRound",
          (s.free_spin_id is not null) as "freeRound"
     from (select 1) one
     left join (bonus.player_bonuses pb join bonus.bonuses b on b.id = pb.bonus_id)
       on pb.player_id = $1 and pb.currency = $2 and pb.status = 2
     left join bonus.stakes s on s.provider_id = $3 and s.round_id = $4`,
);

/**
 * A bet under an active bonus in one statement: its real and bonus parts added to the round (a round belongs
 * to the bonus active at its first bet; its stake is open again until its outcome), and the bonus's wagering
 * progress. A bet never ends the bonus: conversion waits for the bonus's open stakes (decision 0090).
 */
export const STAKE_AND_WAGER = statement(
  'bonus_stake_and_wager',
  `with stake as (
     insert into bonus.stakes as s (provider_id, round_id, player_bonus_id, real, bonus) values ($1, $2, $3, $4, $5)
     on conflict (provider_id, round_id) do update
        set real = s.real + excluded.real, bonus = s.bonus + excluded.bonus, settled = false
      where s.player_bonus_id = excluded.player_bonus_id
   )
   update bonus.player_bonuses set current_wager = $6 where id = $3`,
);

/** What the win and rollback statements answer of a round's stake and of the bonus it was made under. */
const stakeColumns = `s.real, s.bonus, s.settled, s.player_bonus_id as "playerBonusId", s.free_spin_id as "freeSpinId",
  pb.status, pb.result, pb.current_wager as "currentWager", pb.required_wager as "requiredWager",
  pb.max_win as "maxWin", pb.converted,
  case when pb.status = 2 then (
    select count(*) from bonus.stakes o
     where o.player_bonus_id = s.player_bonus_id and not o.settled
       and not (o.provider_id = s.provider_id and o.round_id = s.round_id)
  ) else 0 end::int as "otherOpen"`;

/**
 * A win settles its round's stake when its bets can no longer be rolled back ($3: the round closed or has
 * paid; free rounds at their first win, decision 0065), and reads it with the state of the bonus it was made
 * under and that bonus's other open stakes, in one statement (nothing when the round has no stake).
 */
export const SETTLE_ROUND_STAKE = statement(
  'bonus_settle_round_stake',
  `update bonus.stakes s set settled = s.settled or $3::boolean or s.free_spin_id is not null
     from bonus.stakes r left join bonus.player_bonuses pb on pb.id = r.player_bonus_id
    where r.provider_id = $1 and r.round_id = $2 and s.provider_id = r.provider_id and s.round_id = r.round_id
   returning ${stakeColumns}`,
);

/**
 * A rollback takes its refund's parts ($3 real, $4 bonus) back out of the round's stake, which settles once
 * nothing is left in it (a free round's stays as decision 0065 keeps it), and reads it as SETTLE_ROUND_STAKE
 * does, in one statement.
 */
export const REFUND_ROUND_STAKE = statement(
  'bonus_refund_round_stake',
  `update bonus.stakes s
      set real = greatest(s.real - $3, 0), bonus = greatest(s.bonus - $4, 0),
          settled = s.settled or (s.free_spin_id is null and greatest(s.real - $3, 0) + greatest(s.bonus - $4, 0) = 0)
     from bonus.stakes r left join bonus.player_bonuses pb on pb.id = r.player_bonus_id
    where r.provider_id = $1 and r.round_id = $2 and s.provider_id = r.provider_id and s.round_id = r.round_id
   returning ${stakeColumns}`,
);

/**
 * Wagering progress, and the end when it is complete or the money is gone; $6 is added to `converted`. It
 * answers the bonus as it is now, with what presenting it needs, for the movement's own event.
 */
export const SET_WAGER = statement(
  'bonus_set_wager',
  `update bonus.player_bonuses pb set current_wager = $2, status = $3, result = $4, finished_at = $5,
          converted = pb.converted + $6
     from bonus.bonuses b
    where pb.id = $1 and b.id = pb.bonus_id
   returning ${playerBonusColumns}, ${bonusColumns}`,
);

/**
 * A played bonus's round paid a share after the conversion: the real part of it counts against the max win. It
 * answers the bonus's definition, the campaign the ledger event names (decision 0121).
 */
export const ADD_CONVERTED = statement(
  'bonus_add_converted',
  `update bonus.player_bonuses pb set converted = pb.converted + $2 from bonus.bonuses b
    where pb.id = $1 and b.id = pb.bonus_id
   returning pb.bonus_id as "bonusId", b.kind`,
);

/**
 * A free round's bet (decision 0065): uses one spin of the player's active free spins for this account's
 * currency, this game and this provider (the signing one: spins are bound to the provider they were issued
 * for, decision 0095), and records the round as theirs, in one statement. Nothing returned: refused (not
 * theirs, another game or provider, not active, used up, expired, or the round already has a stake).
 */
export const FREE_SPIN_BET = statement(
  'bonus_free_spin_bet',
  `with spin as (
     update bonus.player_freespins set used_count = used_count + 1
      where id = $1::uuid and player_id = $2::uuid and currency = $3 and game_id = $4 and provider_id = $5
        and status = 2
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
   returning f.id, f.player_id as "playerId", f.bonus_id as "bonusId", f.currency, f.game_id as "gameId",
             f.provider_id as "providerId", f.count,
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
