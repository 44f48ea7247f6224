import { createHash } from 'node:crypto';
import { type Sql, statement } from '../../db/lean-sql.ts';
import { LEDGER_CHANNEL, type LedgerContext, type LedgerMoved } from './ledger-events.ts';
import type { AccountRow, Json, Leg, Part } from './ledger-types.ts';
import { accountEvent } from './present.ts';

/**
 * One ledger movement as ONE statement: the immutable transaction row, its entries, the player accounts'
 * parts and their `account.balance.updated` outbox events (data-modifying CTEs all run, in one snapshot).
 * The caller holds the player accounts' row locks and passes them as they are after the move, so the
 * events carry exact balances; the CHECK (parts ≥ 0) on `wallet.accounts` is the last guard. An event's
 * `withdrawalBalance` comes from the account's `withdrawals_held` as this statement finds or sets it ($8: a
 * deposit's credit holds, a money rule's effect holds or releases, decisions 0076 and 0099), so it shows at once.
 * The `ledger.moved` events (decision 0121) get their `at` here: the transaction's time, as the ledger row's
 * `created_at` has it, so a report's UTC day is the ledger's.
 */
const MOVE = statement(
  'wallet_move',
  `with legs as (
     select * from jsonb_to_recordset($5::text::jsonb) as l(account_id uuid, part text, amount bigint)
   ), t as (
     insert into wallet.transactions (id, kind, idempotency_key, request_hash, answer)
     values ($1, $2, $3, $4, $6::text::jsonb)
   ), e as (
     insert into wallet.entries (transaction_id, account_id, part, amount)
     select $1, account_id, part, amount from legs
   ), u as (
     update wallet.accounts a
        set real = a.real + d.real, bonus = a.bonus + d.bonus, locked = a.locked + d.locked,
            withdrawals_held = coalesce(($8::text::jsonb ->> a.id::text)::boolean, a.withdrawals_held),
            updated_at = now()
       from (select account_id,
                    coalesce(sum(amount) filter (where part = 'real'), 0) as real,
                    coalesce(sum(amount) filter (where part = 'bonus'), 0) as bonus,
                    coalesce(sum(amount) filter (where part = 'locked'), 0) as locked
               from legs group by account_id) d
      where a.id = d.account_id and a.owner_kind = 'player'
     returning a.id, a.withdrawals_held
   ), o as (
     insert into outbox.events (channel, event, data)
     select x.channel, x.event,
            case when x.event = 'ledger.moved'
                 then x.data || jsonb_build_object('at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                 when (select u.withdrawals_held from u where u.id = x."accountId")
                 then jsonb_set(x.data, '{account,withdrawalBalance}', x.held) else x.data end
       from jsonb_to_recordset($7::text::jsonb) as x(channel text, event text, data jsonb, "accountId" uuid, held jsonb)
   )
   select 1 as moved`,
);

export interface Move {
  /** The ledger transaction id, chosen by the caller (it is part of the caller's answer). */
  id: string;
  kind: string;
  legs: readonly Leg[];
  /** Player accounts as they are after the move (locked by the caller): their balance events. */
  after: readonly AccountRow[];
  /**
   * Player accounts whose withdrawals this move holds (true: a deposit's credit, decision 0076) or releases
   * (false: the bet that turns the deposits over); absent accounts keep their flag.
   */
  withdrawalsHeld?: Readonly<Record<string, boolean>>;
  /** More outbox events written by the same statement, after the balance events (the money rules' events). */
  events?: readonly { channel: string; event: string; data: unknown }[];
  idempotencyKey?: string | null;
  requestHash?: string;
  answer?: Json;
  /** The transaction's last statement (a lean transaction then commits with it, decision 0088). */
  last?: boolean;
  /**
   * What the `ledger.moved` events add to the legs' deltas (decision 0121); false: none is written (the
   * REPORTS_ENABLED=false baseline of the wallet bench).
   */
  ledger?: LedgerContext | false;
}

/**
 * One `ledger.moved` event per player account of the move, its part deltas summed from the legs; `at` is set by
 * the statement. Money as decimal strings (JSON has no bigint).
 */
function ledgerEvents(move: Move) {
  if (move.ledger === false) return [];
  const { game, source, converted = 0n } = move.ledger ?? {};
  return move.after
    .filter((a) => a.playerId)
    .map((a, i) => {
      const delta: Record<Part, bigint> = { real: 0n, bonus: 0n, locked: 0n };
      for (const leg of move.legs) if (leg.accountId === a.id) delta[leg.part] += leg.amount;
      const data: Omit<LedgerMoved, 'at'> = {
        kind: 'ledger.moved',
        ledgerId: move.id,
        type: move.kind,
        playerId: a.playerId!,
        accountId: a.id,
        currency: a.currency,
        real: String(delta.real),
        bonus: String(delta.bonus),
        locked: String(delta.locked),
        converted: String(i === 0 ? converted : 0n),
        ...(game ? { game } : {}),
        ...(source ? { source } : {}),
      };
      return { channel: LEDGER_CHANNEL, event: data.kind, data };
    });
}

/** Checks what the database would also refuse, before anything is sent (a programming error, not a refusal). */
export function assertBalanced(legs: readonly Leg[], currencyOf: (accountId: string) => string): void {
  if (legs.length < 2) throw new Error('A movement needs at least two legs');
  const sums = new Map<string, bigint>();
  for (const leg of legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount === 0n) throw new Error('Leg amounts are non-zero bigints');
    const currency = currencyOf(leg.accountId);
    sums.set(currency, (sums.get(currency) ?? 0n) + leg.amount);
  }
  for (const [currency, sum] of sums) if (sum !== 0n) throw new Error(`${currency} legs sum to ${sum}, not zero`);
}

export const hashOf = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? String(v) : v)))
    .digest('hex');

/** Writes the movement (one statement). The legs must balance per currency; see `assertBalanced`. */
export async function applyMove(sql: Sql, move: Move): Promise<void> {
  const legs = move.legs.map((l) => ({ account_id: l.accountId, part: l.part, amount: String(l.amount) }));
  const events = [
    ...move.after.filter((a) => a.playerId).map((a) => accountEvent(a)),
    ...(move.events ?? []),
    ...ledgerEvents(move),
  ];
  await sql.query(
    MOVE,
    [
      move.id,
      move.kind,
      move.idempotencyKey ?? null,
      move.requestHash ?? hashOf([move.kind, legs]),
      JSON.stringify(legs),
      move.answer === undefined ? null : JSON.stringify(move.answer),
      JSON.stringify(events),
      JSON.stringify(move.withdrawalsHeld ?? {}),
    ],
    { last: move.last },
  );
}
