import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drizzleSql } from '../../db/lean-sql.ts';
import { sqlStateOf } from '../../db/sql-state.ts';
import { notifyCommitted } from '../../outbox/index.ts';
import type { LedgerSource } from './ledger-events.ts';
import { type AccountRow, type Json, type Leg, type Part, parts } from './ledger-types.ts';
import { applyMove } from './move.ts';
import { accounts, entries, transactions } from './schema.ts';

export { type AccountRow, type Json, type Leg, type Part, parts } from './ledger-types.ts';

/** A player part would go below zero. The caller maps it (e.g. to "insufficient funds" for a bet). */
export class InsufficientFundsError extends Error {
  constructor(
    readonly accountId: string,
    readonly part: Part,
    readonly available: bigint,
    readonly requested: bigint,
  ) {
    super(`Insufficient funds on ${accountId} (${part}): ${available} available, ${-requested} requested`);
    this.name = 'InsufficientFundsError';
  }
}

/** The idempotency key was already used for a different request. */
export class IdempotencyConflictError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`Idempotency key ${JSON.stringify(idempotencyKey)} was already used for a different request`);
    this.name = 'IdempotencyConflictError';
  }
}

/** A transfer that breaks the ledger's rules (programming error of the caller): never reaches the database. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

export interface TransferInput {
  tx: Db;
  kind: string;
  legs: Leg[];
  /** Externally caused movements carry one: a replay answers the first answer without new effects. */
  idempotencyKey?: string;
  /** What the caller answers (stored; a replay returns it). Default: { transactionId }. */
  answer?: (result: { transactionId: string; accounts: AccountRow[] }) => Json;
  /** Anything else that identifies the request (hashed with kind and legs to detect a different request). */
  request?: Json;
  /** Player accounts whose withdrawals this movement holds (a deposit's credit, decision 0076). */
  holdWithdrawals?: readonly string[];
  /** The campaign of promotional money (a quest, a tournament…), named by the ledger event (decision 0121). */
  source?: LedgerSource;
}

export interface TransferResult {
  transactionId: string;
  /** True when an earlier transaction with the same idempotency key answered. */
  replayed: boolean;
  answer: Json;
  /** The touched player accounts after the transfer (empty on a replay). */
  accounts: AccountRow[];
}

function requestHash(input: TransferInput): string {
  const legs = input.legs
    .map((l) => `${l.accountId}:${l.part}:${l.amount}`)
    .sort()
    .join(',');
  return createHash('sha256')
    .update(JSON.stringify([input.kind, legs, input.request ?? null]))
    .digest('hex');
}

async function replayOf(tx: Db, key: string, hash: string): Promise<TransferResult | null> {
  const [prior] = await tx.select().from(transactions).where(eq(transactions.idempotencyKey, key));
  if (!prior) return null;
  if (prior.requestHash !== hash) throw new IdempotencyConflictError(key);
  return { transactionId: prior.id, replayed: true, answer: (prior.answer ?? null) as Json, accounts: [] };
}

/** Checks the legs before anything touches the database. */
function validate(input: TransferInput): void {
  if (input.legs.length < 2) throw new LedgerError('A transfer needs at least two legs');
  if (!input.kind) throw new LedgerError('A transfer needs a kind');
  for (const leg of input.legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount === 0n) throw new LedgerError('Leg amounts are non-zero bigints');
    if (!parts.includes(leg.part)) throw new LedgerError(`Unknown part ${String(leg.part)}`);
  }
  const sum = input.legs.reduce((s, l) => s + l.amount, 0n);
  if (sum !== 0n) throw new LedgerError(`Legs sum to ${sum}, not zero`);
}

/**
 * Moves money: one immutable ledger transaction whose entries sum to zero, and the balance rows updated
 * in the same (the caller's) transaction. Touched accounts are locked with SELECT … FOR UPDATE in id
 * order, so two transfers over the same accounts never deadlock. A player part that would go below zero
 * throws InsufficientFundsError (nothing written). With an idempotency key already used: the stored first
 * answer, no new effects; a different request under it throws IdempotencyConflictError. Writes an
 * `account.balance.updated` outbox event per touched player account.
 */
export async function transfer(input: TransferInput): Promise<TransferResult> {
  validate(input);
  const { tx, idempotencyKey } = input;
  const hash = requestHash(input);
  if (idempotencyKey) {
    const replay = await replayOf(tx, idempotencyKey, hash);
    if (replay) return replay;
  }

  const ids = [...new Set(input.legs.map((l) => l.accountId))].sort();
  // Only player accounts are locked: their parts must stay non-negative. House accounts have no bound
  // and keep no balance in their row (it is the sum of their entries), so every bet of every player does
  // not queue on the one house row per currency (bench/wallet measured that queue).
  const locked = await tx
    .select()
    .from(accounts)
    .where(and(inArray(accounts.id, ids), eq(accounts.ownerKind, 'player')))
    .orderBy(accounts.id)
    .for('update');
  const house = await tx
    .select()
    .from(accounts)
    .where(and(inArray(accounts.id, ids), eq(accounts.ownerKind, 'house')));
  if (locked.length + house.length !== ids.length) throw new LedgerError('A leg names an unknown account');

  // Per currency, the legs sum to zero: money never changes currency inside one transaction.
  const byId = new Map([...locked, ...house].map((a) => [a.id, { ...a }]));
  const sums = new Map<string, bigint>();
  for (const leg of input.legs) {
    const account = byId.get(leg.accountId)!;
    sums.set(account.currency, (sums.get(account.currency) ?? 0n) + leg.amount);
    account[leg.part] += leg.amount;
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new LedgerError(`${currency} legs sum to ${sum}, not zero`);
  }
  for (const account of byId.values()) {
    if (account.ownerKind !== 'player') continue;
    for (const part of parts) {
      if (account[part] < 0n) {
        const requested = input.legs
          .filter((l) => l.accountId === account.id && l.part === part)
          .reduce((s, l) => s + l.amount, 0n);
        throw new InsufficientFundsError(account.id, part, account[part] - requested, requested);
      }
    }
  }

  const transactionId = randomUUID();
  // The player accounts after the transfer (house rows carry no balance to report).
  const held = new Set(input.holdWithdrawals ?? []);
  const after = locked.map(({ id }) => byId.get(id)!);
  for (const account of after) if (held.has(account.id)) account.withdrawalsHeld = true;
  const answer = input.answer ? input.answer({ transactionId, accounts: after }) : { transactionId };
  if (idempotencyKey) {
    // Another transaction with this key may have committed while this one waited for the account locks.
    const replay = await replayOf(tx, idempotencyKey, hash);
    if (replay) return replay;
  }
  await applyMove(drizzleSql(tx), {
    id: transactionId,
    kind: input.kind,
    legs: input.legs,
    after,
    idempotencyKey: idempotencyKey ?? null,
    requestHash: hash,
    withdrawalsHeld: Object.fromEntries([...held].map((id) => [id, true])),
    answer,
    ledger: input.source ? { source: input.source } : {},
  });
  return { transactionId, replayed: false, answer, accounts: after };
}

/** A house account (the counterparty of player movements), created on first use. */
export async function houseAccount(tx: Db, currency: string, purpose: string): Promise<AccountRow> {
  await tx.execute(sql`
    insert into wallet.accounts (owner_kind, currency, purpose, status)
    values ('house', ${currency}, ${purpose}, 1)
    on conflict (currency, purpose) where owner_kind = 'house' do nothing`);
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.ownerKind, 'house'), eq(accounts.currency, currency), eq(accounts.purpose, purpose)));
  return row!;
}

/** A house account's balance per part: the sum of its entries (house rows carry none, see `transfer`). */
export async function houseBalance(tx: Db, accountId: string): Promise<Record<Part, bigint>> {
  const sums = await tx
    .select({ part: entries.part, amount: sql<string>`sum(${entries.amount})::text` })
    .from(entries)
    .where(eq(entries.accountId, accountId))
    .groupBy(entries.part);
  const balance: Record<Part, bigint> = { real: 0n, bonus: 0n, locked: 0n };
  for (const { part, amount } of sums) balance[part as Part] = BigInt(amount);
  return balance;
}

/** SQLSTATEs worth retrying the whole transaction for: serialization failure and deadlock. */
const retryable = new Set(['40001', '40P01']);

/**
 * Runs `fn` in one database transaction, retrying serialization failures and deadlocks up to `retries`
 * times (with a short random back-off); after a commit, nudges the outbox dispatcher.
 */
export async function withTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>, { retries = 5 } = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await db.transaction((tx) => fn(tx as unknown as Db));
      notifyCommitted();
      return result;
    } catch (error) {
      const state = sqlStateOf(error);
      if (attempt >= retries || !state || !retryable.has(state)) throw error;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}
