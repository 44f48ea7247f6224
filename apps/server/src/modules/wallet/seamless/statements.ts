import { type Statement, statement } from '../../../db/lean-sql.ts';
import type { LockColumn, PlayStatus } from './rules.ts';

// Every statement of the seamless money path, prepared once per connection (decision 0021). A bet runs
// the lock (lockByToken), CLAIM_BET and the ledger's one-statement move: three, plus what the rules add (0081).

/** An account row's columns as `AccountRow` names them, from the table aliased `a`. */
const accountColumns = `a.id, a.owner_kind as "ownerKind", a.player_id as "playerId", a.currency, a.purpose, a.status,
  a.hidden, a.real, a.bonus, a.locked, a.created_at as "createdAt", a.updated_at as "updatedAt"`;

const sessionColumns = `s.token_hash as "tokenHash", s.game_id as "gameId", s.expires_at as "expiresAt"`;

/**
 * The launch token's session joined with its account, locked: one statement resolves the token (never
 * cached, so a revoked or expired token is seen at once) and serialises the player's requests. The account
 * must still be the token's player and currency. It also answers what the player-status rule reads (the
 * status and the bet block: `playStatus`, decisions 0081, 0106) and what the player's public name is made of
 * (`playerName`, decisions 0086, 0099): both the player module's columns. Built once per wallet; the columns
 * are the same for every wallet, so the text is too.
 */
export const lockByToken = (playerName: LockColumn<string>, playStatus: LockColumn<PlayStatus | null>): Statement =>
  statement(
    'seamless_lock_by_token',
    `select ${sessionColumns}, ${accountColumns},
          ${playStatus.select('a.player_id')} as "playStatusSource",
          ${playerName.select('a.player_id')} as "playerNameSource"
     from wallet.seamless_sessions s
     join wallet.accounts a on a.id = s.account_id and a.player_id = s.player_id and a.currency = s.currency
    where s.token_hash = $1 and s.provider_id = $2 and a.owner_kind = 'player'
      for update of a`,
  );

/** The token's balance: one read, no lock. */
export const BALANCE_BY_TOKEN = statement(
  'seamless_balance_by_token',
  `select ${accountColumns}
     from wallet.seamless_sessions s
     join wallet.accounts a on a.id = s.account_id and a.player_id = s.player_id and a.currency = s.currency
    where s.token_hash = $1 and s.provider_id = $2`,
);

/** The house `game` account of a currency, created on first use (one statement; cached after). */
export const HOUSE_GAME_ACCOUNT = statement(
  'seamless_house_game_account',
  `with made as (
     insert into wallet.accounts (owner_kind, currency, purpose, status) values ('house', $1, 'game', 1)
     on conflict (currency, purpose) where owner_kind = 'house' do nothing returning id
   )
   select id, true as made from made
   union all
   select id, false from wallet.accounts where owner_kind = 'house' and currency = $1 and purpose = 'game'
   limit 1`,
);

export const READ_ACCOUNT = statement(
  'seamless_read_account',
  `select ${accountColumns} from wallet.accounts a where a.id = $1 and a.owner_kind = 'player'`,
);

/**
 * A bet may add to a round only of its own player and currency, and not once settled: the guard of every
 * round upsert (ROUND_BET, CLAIM_BET). A refused upsert returns no row.
 */
const roundBinding = `where wallet.seamless_rounds.player_id = excluded.player_id
        and wallet.seamless_rounds.currency = excluded.currency
        and wallet.seamless_rounds.status <> 'settled'`;

/** The claim's insert: the transaction id with its answer (parameters $1–$13, as `claimValues` lists them). */
const claimInsert = `insert into wallet.seamless_transactions
     (provider_id, provider_tx_id, kind, round_id, player_id, account_id, currency, amount, ref_tx_id,
      ledger_transaction_id, request_hash, answer, rolled_back_at)
   values ($1, $2, $3, $4, $5::uuid, $6::uuid, $7, $8::bigint, $9, $10::uuid, $11, $12::text::jsonb, $13::timestamptz)
   on conflict (provider_id, provider_tx_id) do nothing`;

/**
 * The one idempotency check: the transaction id is claimed with its answer. A used id (by anyone) inserts
 * nothing; a concurrent first use waits on the unique index and then inserts nothing.
 */
export const CLAIM = statement('seamless_claim', `${claimInsert} returning id`);

/**
 * A bet's claim and its round in one statement (decision 0081): the round is opened or added to only when
 * the claim inserted (`from c`), with ROUND_BET's rules; $14 is the game. One row: `claimed` (null: the id
 * was taken) and `round` (the round's status, null: refused).
 */
export const CLAIM_BET = statement(
  'seamless_claim_bet',
  `with c as (${claimInsert} returning id),
   r as (
     insert into wallet.seamless_rounds (provider_id, round_id, player_id, game_id, currency, bet_total, status)
     select $1, $4, $5::uuid, $14, $7, $8::bigint, 'open' from c
     on conflict (provider_id, round_id) do update
        set bet_total = wallet.seamless_rounds.bet_total + excluded.bet_total, status = 'open', settled_at = null
      ${roundBinding}
     returning status
   )
   select (select id from c) as claimed, (select status from r) as round`,
);

/**
 * A win's claim and its payout into the round in one statement (decision 0081): ROUND_WIN's update, run only
 * when the claim inserted; $14 closes the round. One row: `claimed`, then the round's columns as ROUND_WIN
 * returns them (all null: refused, or not run).
 */
export const CLAIM_WIN = statement(
  'seamless_claim_win',
  `with c as (${claimInsert} returning id),
   r as (
     update wallet.seamless_rounds r
        set win_total = r.win_total + $8::bigint,
            status = case when $14::boolean then 'settled' else r.status end,
            settled_at = case when $14::boolean then now() else r.settled_at end
       from c
      where r.provider_id = $1 and r.round_id = $4 and r.player_id = $5::uuid and r.currency = $7 and r.status = 'open'
        and ($9::text is null or exists (
              select 1 from wallet.seamless_transactions b
               where b.provider_id = $1 and b.provider_tx_id = $9 and b.kind = 'bet' and b.round_id = $4
                 and b.account_id = $6::uuid and b.rolled_back_at is null))
     returning r.provider_id, r.round_id, r.player_id, r.game_id, r.currency, r.bet_total::text as bet_total,
               r.win_total::text as win_total, r.status, r.created_at, r.settled_at
   )
   select (select id from c) as claimed, r.* from (values (1)) as one (x) left join r on true`,
);

export const PRIOR = statement(
  'seamless_prior',
  `select kind, player_id as "playerId", account_id as "accountId", currency, round_id as "roundId",
          amount, request_hash as "requestHash", answer, rolled_back_at as "rolledBackAt"
     from wallet.seamless_transactions where provider_id = $1 and provider_tx_id = $2`,
);

/** A late bet meets its rollback's tombstone: the bet is recorded as accepted and cancelled. */
export const BURY_BET = statement(
  'seamless_bury_bet',
  `update wallet.seamless_transactions
      set kind = 'bet', amount = $3::bigint, request_hash = $4, answer = $5::text::jsonb
    where provider_id = $1 and provider_tx_id = $2 and kind = 'tombstone'`,
);

/**
 * Opens the round or adds to it. Refused (no row) when the round is another player's, in another currency,
 * or settled; a concurrent first use by two players waits on the key and the second one gets no row.
 */
export const ROUND_BET = statement(
  'seamless_round_bet',
  `insert into wallet.seamless_rounds (provider_id, round_id, player_id, game_id, currency, bet_total, status)
   values ($1, $2, $3::uuid, $4, $5, $6::bigint, $7)
   on conflict (provider_id, round_id) do update
      set bet_total = wallet.seamless_rounds.bet_total + excluded.bet_total,
          status = case when excluded.status = 'rolled_back' then wallet.seamless_rounds.status else 'open' end,
          settled_at = case when excluded.status = 'rolled_back' then wallet.seamless_rounds.settled_at end
    ${roundBinding}
   returning status`,
);

export const ROUND = statement(
  'seamless_round',
  `select player_id as "playerId", currency, status, win_total as "winTotal"
     from wallet.seamless_rounds where provider_id = $1 and round_id = $2`,
);

/**
 * Cancels a live bet of this account in an open round that has paid nothing yet, answering the parts its
 * stake came from (its ledger entries on the account, summed per part: a transaction may hold several
 * entries on one part), so the refund reverses it exactly.
 */
export const CANCEL_BET = statement(
  'seamless_cancel_bet',
  `update wallet.seamless_transactions b set rolled_back_at = now()
     from wallet.seamless_rounds r
    where b.provider_id = $1 and b.provider_tx_id = $2 and b.kind = 'bet' and b.rolled_back_at is null
      and b.account_id = $3::uuid and b.round_id = $4
      and r.provider_id = b.provider_id and r.round_id = b.round_id and r.status = 'open' and r.win_total = 0
   returning b.amount,
     (select coalesce(jsonb_object_agg(p.part, (-p.amount)::text), '{}'::jsonb)
        from (select e.part, sum(e.amount) as amount from wallet.entries e
               where e.transaction_id = b.ledger_transaction_id and e.account_id = b.account_id
               group by e.part having sum(e.amount) <> 0) p) as parts,
     b.created_at::text as "betAt"`,
);

/** Takes a cancelled stake off its round; a round left with no live bet and no win is rolled back. */
export const ROUND_ROLLBACK = statement(
  'seamless_round_rollback',
  `update wallet.seamless_rounds r
      set bet_total = r.bet_total - $3::bigint,
          status = case when r.win_total = 0 and not exists (
                     select 1 from wallet.seamless_transactions t
                      where t.provider_id = $1 and t.round_id = $2 and t.kind = 'bet' and t.rolled_back_at is null)
                   then 'rolled_back' else r.status end,
          settled_at = case when r.win_total = 0 and not exists (
                     select 1 from wallet.seamless_transactions t
                      where t.provider_id = $1 and t.round_id = $2 and t.kind = 'bet' and t.rolled_back_at is null)
                   then now() else r.settled_at end
    where r.provider_id = $1 and r.round_id = $2`,
);

/** A rule's legs changed the player's balance after the claim: the stored answer follows. */
export const SET_ANSWER = statement(
  'seamless_set_answer',
  `update wallet.seamless_transactions set answer = $3::text::jsonb, ledger_transaction_id = $4::uuid
    where provider_id = $1 and provider_tx_id = $2`,
);
