import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.ts';
import { InsufficientFundsError, transfer, withTransaction } from '../../src/modules/wallet/index.ts';
import { accounts } from '../../src/modules/wallet/schema.ts';
import { databaseKind } from '../harness.ts';
import { freshWalletDatabase, house, ledgerViolations, playerAccount, rows } from './db.ts';

let database: Database;
let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  // On PostgreSQL a pool of 20 gives real concurrency; PGlite serialises inside its single connection.
  ({ database, close } = await freshWalletDatabase(20));
  db = database.db;
});
afterAll(() => close());

describe(`200 concurrent bets on one account (${databaseKind})`, () => {
  it('never overdraw, and every balance equals the sum of its entries', async () => {
    const account = await playerAccount(db, 'EUR');
    const cash = await house(db, 'EUR', 'cash');
    const game = await house(db, 'EUR', 'game');
    const funds = 15_000n; // 150 bets of 100 fit; 50 must be refused
    await withTransaction(db, (tx) =>
      transfer({
        tx,
        kind: 'test.credit',
        legs: [
          { accountId: cash.id, part: 'real', amount: -funds },
          { accountId: account.id, part: 'real', amount: funds },
        ],
      }),
    );

    // Bets 20k and 20k+1 share one idempotency key (a client retry racing its original): 190 distinct bets.
    const keyOf = (i: number) => (i % 20 < 2 ? `dup-${Math.floor(i / 20)}` : `bet-${i}`);
    const bet = (i: number) =>
      withTransaction(db, (tx) =>
        transfer({
          tx,
          kind: 'test.bet',
          idempotencyKey: `${keyOf(i)}-${account.id}`,
          legs: [
            { accountId: account.id, part: 'real', amount: -100n },
            { accountId: game.id, part: 'real', amount: 100n },
          ],
        }),
      );
    const keys = new Set(Array.from({ length: 200 }, (_, i) => keyOf(i)));
    expect(keys.size).toBe(190);
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => bet(i)));
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const o of refused) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    const done = outcomes
      .filter((o) => o.status === 'fulfilled')
      .map((o) => (o as PromiseFulfilledResult<{ transactionId: string; replayed: boolean }>).value);
    const distinct = new Set(done.map((d) => d.transactionId));

    const [row] = await db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row!.real).toBeGreaterThanOrEqual(0n);
    expect(row!.real).toBe(funds - 100n * BigInt(distinct.size));
    expect(distinct.size).toBeLessThanOrEqual(150);
    // Enough money for 150 of the distinct bets: all of them that fit went through.
    expect(distinct.size).toBe(Math.min(150, keys.size));
    const [sum] = await rows(
      db,
      sql`select coalesce(sum(amount), 0)::text as s from wallet.entries where account_id = ${account.id} and part = 'real'`,
    );
    expect(BigInt(sum.s)).toBe(row!.real);
    expect(await ledgerViolations(db)).toEqual([]);
  }, 120_000);
});
