import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.ts';
import {
  houseBalance,
  IdempotencyConflictError,
  InsufficientFundsError,
  LedgerError,
  transfer,
  withTransaction,
} from '../../src/modules/wallet/index.ts';
import { accounts } from '../../src/modules/wallet/schema.ts';
import { createOutboxDispatcher, enqueue, MemoryPublisher, type Publisher } from '../../src/outbox/index.ts';
import { freshWalletDatabase, house, ledgerViolations, playerAccount, rows } from './db.ts';

let database: Database;
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await freshWalletDatabase());
  db = database.db;
});
afterAll(() => close());

const balanceOf = async (id: string) => {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row!;
};

async function funded(amount: bigint, currency = 'EUR') {
  const account = await playerAccount(db, currency);
  const cash = await house(db, currency);
  await withTransaction(db, (tx) =>
    transfer({
      tx,
      kind: 'test.credit',
      legs: [
        { accountId: cash.id, part: 'real', amount: -amount },
        { accountId: account.id, part: 'real', amount },
      ],
    }),
  );
  return { account, cash };
}

describe('transfer', () => {
  it('moves money, writes balanced entries and updates balances in the same transaction', async () => {
    const { account, cash } = await funded(1000n);
    expect((await balanceOf(account.id)).real).toBe(1000n);
    expect((await houseBalance(db, cash.id)).real).toBeLessThanOrEqual(-1000n);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('refuses an overdraft with a typed error and writes nothing', async () => {
    const { account, cash } = await funded(100n);
    const before = await rows(db, sql`select count(*)::int as n from wallet.entries`);
    const attempt = withTransaction(db, (tx) =>
      transfer({
        tx,
        kind: 'test.debit',
        legs: [
          { accountId: account.id, part: 'real', amount: -101n },
          { accountId: cash.id, part: 'real', amount: 101n },
        ],
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(attempt).rejects.toMatchObject({ part: 'real', available: 100n, requested: -101n });
    expect(await rows(db, sql`select count(*)::int as n from wallet.entries`)).toEqual(before);
    expect((await balanceOf(account.id)).real).toBe(100n);
  });

  it('refuses legs that do not sum to zero, a single leg, zero amounts and mixed currencies', async () => {
    const { account, cash } = await funded(100n);
    const btc = await playerAccount(db, 'BTC');
    const bad = [
      [
        { accountId: account.id, part: 'real' as const, amount: -10n },
        { accountId: cash.id, part: 'real' as const, amount: 9n },
      ],
      [{ accountId: account.id, part: 'real' as const, amount: 0n }],
      [
        { accountId: account.id, part: 'real' as const, amount: 0n },
        { accountId: cash.id, part: 'real' as const, amount: 0n },
      ],
      [
        { accountId: account.id, part: 'real' as const, amount: -10n },
        { accountId: btc.id, part: 'real' as const, amount: 10n },
      ],
    ];
    for (const legs of bad) {
      await expect(withTransaction(db, (tx) => transfer({ tx, kind: 'test.bad', legs }))).rejects.toBeInstanceOf(
        LedgerError,
      );
    }
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('keeps house accounts free to go negative but never a player part', async () => {
    const { account } = await funded(50n);
    await expect(db.update(accounts).set({ real: -1n }).where(eq(accounts.id, account.id))).rejects.toThrow();
  });

  it('derives a house balance from its entries and leaves the house row untouched', async () => {
    const { cash } = await funded(70n);
    const [row] = await db.select().from(accounts).where(eq(accounts.id, cash.id));
    expect({ real: row!.real, bonus: row!.bonus, locked: row!.locked }).toEqual({ real: 0n, bonus: 0n, locked: 0n });
    const balance = await houseBalance(db, cash.id);
    const [sum] = await rows<{ s: string }>(
      db,
      sql`select coalesce(sum(amount), 0)::text as s from wallet.entries where account_id = ${cash.id}`,
    );
    expect(balance.real).toBe(BigInt(sum!.s));
    expect(balance.real < 0n).toBe(true);
  });
});

describe('idempotency', () => {
  it('answers a replay with the first answer and no new effects; a different request conflicts', async () => {
    const { account, cash } = await funded(500n);
    const bet = (amount: bigint) =>
      withTransaction(db, (tx) =>
        transfer({
          tx,
          kind: 'test.bet',
          idempotencyKey: `bet-${account.id}`,
          legs: [
            { accountId: account.id, part: 'real', amount: -amount },
            { accountId: cash.id, part: 'real', amount },
          ],
          answer: ({ transactionId, accounts: after }) => ({
            transactionId,
            balance: String(after.find((a) => a.id === account.id)!.real),
          }),
        }),
      );
    const first = await bet(200n);
    expect(first.replayed).toBe(false);
    expect(first.answer).toEqual({ transactionId: first.transactionId, balance: '300' });
    const entriesBefore = await rows(db, sql`select count(*)::int as n from wallet.entries`);
    const again = await bet(200n);
    expect(again).toMatchObject({ replayed: true, transactionId: first.transactionId, answer: first.answer });
    expect((await balanceOf(account.id)).real).toBe(300n);
    expect(await rows(db, sql`select count(*)::int as n from wallet.entries`)).toEqual(entriesBefore);
    await expect(bet(201n)).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect((await balanceOf(account.id)).real).toBe(300n);
  });

  it('answers a replay even when the funds are gone since (the first answer stands)', async () => {
    const { account, cash } = await funded(100n);
    const spend = () =>
      withTransaction(db, (tx) =>
        transfer({
          tx,
          kind: 'test.bet',
          idempotencyKey: `all-in-${account.id}`,
          legs: [
            { accountId: account.id, part: 'real', amount: -100n },
            { accountId: cash.id, part: 'real', amount: 100n },
          ],
        }),
      );
    const first = await spend();
    expect((await spend()).transactionId).toBe(first.transactionId);
  });
});

describe('immutability', () => {
  it('refuses UPDATE and DELETE of entries and transactions (trigger)', async () => {
    await funded(10n);
    const attempts = [
      sql`update wallet.entries set amount = amount + 1`,
      sql`delete from wallet.entries`,
      sql`update wallet.transactions set kind = 'x'`,
      sql`delete from wallet.transactions`,
      sql`truncate wallet.entries`,
    ];
    for (const statement of attempts) {
      const error = await db.execute(statement).then(
        () => null,
        (e: Error) => e,
      );
      expect(String((error?.cause as Error | undefined)?.message ?? error?.message)).toMatch(/append-only/);
    }
    expect(await ledgerViolations(db)).toEqual([]);
  });
});

describe('outbox', () => {
  it('writes balance events only when the transaction commits, and dispatches them in order', async () => {
    const memory = new MemoryPublisher();
    const dispatcher = createOutboxDispatcher({ db, publishers: [memory] });
    await dispatcher.drain();
    memory.published.length = 0;

    const account = await playerAccount(db);
    const cash = await house(db);
    await expect(
      withTransaction(db, async (tx) => {
        await transfer({
          tx,
          kind: 'test.credit',
          legs: [
            { accountId: cash.id, part: 'real', amount: -5n },
            { accountId: account.id, part: 'real', amount: 5n },
          ],
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await dispatcher.drain()).toBe(0);

    for (const amount of [1n, 2n, 3n]) {
      await withTransaction(db, (tx) =>
        transfer({
          tx,
          kind: 'test.credit',
          legs: [
            { accountId: cash.id, part: 'real', amount: -amount },
            { accountId: account.id, part: 'real', amount },
          ],
        }),
      );
    }
    // Each: its balance event and its `ledger.moved` (decision 0121).
    expect(await dispatcher.drain()).toBe(6);
    const mine = memory.published.filter((m) => m.channel === `wallet:accounts#${account.playerId}`);
    expect(mine.map((m) => (m.data as { account: { balance: number } }).account.balance)).toEqual([0.01, 0.03, 0.06]);
    expect(mine.every((m) => m.event === 'account.balance.updated')).toBe(true);
    expect(mine[0]!.data).toEqual({
      event: 'account.balance.updated',
      account: {
        id: account.id,
        currency: 'EUR',
        status: 1,
        balance: 0.01,
        realBalance: 0.01,
        bonusBalance: 0,
        lockedBalance: 0,
        withdrawalBalance: 0.01,
      },
    });
    expect(await dispatcher.drain()).toBe(0);
  });

  it('retries a failed channel on the next pass, in order, without holding back other channels', async () => {
    const seen: string[] = [];
    let failOnce = true;
    const flaky: Publisher = {
      async publish(message) {
        if (message.channel === 'a' && failOnce) {
          failOnce = false;
          throw new Error('down');
        }
        seen.push(`${message.channel}:${(message.data as { n: number }).n}`);
      },
    };
    const dispatcher = createOutboxDispatcher({ db, publishers: [flaky], log: { error() {} } });
    await dispatcher.drain();
    seen.length = 0;
    failOnce = true;
    await withTransaction(db, async (tx) => {
      await enqueue(tx, { channel: 'a', event: 'e', data: { n: 1 } });
      await enqueue(tx, { channel: 'b', event: 'e', data: { n: 1 } });
      await enqueue(tx, { channel: 'a', event: 'e', data: { n: 2 } });
    });
    // Pass 1: a:1 fails, so a:2 waits while b:1 goes out; pass 2 delivers a:1 then a:2.
    await dispatcher.drain();
    expect(seen).toEqual(['b:1', 'a:1', 'a:2']);
  });
});
