import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.ts';
import { playStatusColumn, publicNameColumn } from '../../src/modules/player/index.ts';
import { transfer, withTransaction } from '../../src/modules/wallet/index.ts';
import {
  type Action,
  createSeamlessWallet,
  issueLaunchToken,
  SeamlessError,
} from '../../src/modules/wallet/seamless/index.ts';
import { syncProviders } from '../../src/modules/wallet/seamless/providers.ts';
import { databaseKind } from '../harness.ts';
import { freshWalletDatabase, house, ledgerViolations, rows } from '../wallet/db.ts';

let database: Database;
let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  // On PostgreSQL a pool of 20 gives real concurrency; PGlite serialises inside its single connection.
  ({ database, close } = await freshWalletDatabase(20));
  db = database.db;
  await syncProviders(db, [{ id: 'acme', secret: 'x'.repeat(20), games: [], enabled: true }], 'y'.repeat(32));
});
afterAll(() => close());

async function fundedPlayer(minor: bigint) {
  const playerId = randomUUID();
  const { token, accountId } = await issueLaunchToken(db, {
    playerId,
    currency: 'EUR',
    providerId: 'acme',
    gameId: 'g',
  });
  const cash = await house(db, 'EUR', 'cash');
  if (minor > 0n) {
    await withTransaction(db, (tx) =>
      transfer({
        tx,
        kind: 'test.credit',
        legs: [
          { accountId: cash.id, part: 'real', amount: -minor },
          { accountId, part: 'real', amount: minor },
        ],
      }),
    );
  }
  return { playerId, token, accountId };
}

const realOf = async (accountId: string) =>
  BigInt((await rows(db, sql`select real::text as real from wallet.accounts where id = ${accountId}`))[0].real);

describe(`seamless wallet ledger (${databaseKind})`, () => {
  it('keeps ledger invariants over random bet/win/rollback/replay sequences', async () => {
    const wallet = createSeamlessWallet({ db, playerName: publicNameColumn, playStatus: playStatusColumn });
    type Op =
      | { type: 'bet'; round: number; cents: number }
      | { type: 'win'; round: number; cents: number; close: boolean }
      | { type: 'rollback'; target: number }
      | { type: 'early-rollback' }
      | { type: 'replay'; index: number };
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ type: fc.constant('bet' as const), round: fc.nat(3), cents: fc.integer({ min: 0, max: 3000 }) }),
      fc.record({
        type: fc.constant('win' as const),
        round: fc.nat(3),
        cents: fc.integer({ min: 0, max: 3000 }),
        close: fc.boolean(),
      }),
      fc.record({ type: fc.constant('rollback' as const), target: fc.nat(20) }),
      fc.record({ type: fc.constant('early-rollback' as const) }),
      fc.record({ type: fc.constant('replay' as const), index: fc.nat(30) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const funds = 5000n;
        const { token, accountId } = await fundedPlayer(funds);
        const tag = randomUUID().slice(0, 8);
        const sent: { action: Action; answer: unknown }[] = [];
        const bets: { id: string; cents: bigint; live: boolean }[] = [];
        const pendingEarly: { id: string; cents: number }[] = [];
        let expected = funds;
        let n = 0;
        const send = async (action: Action) => {
          try {
            const answer = await wallet.act('acme', token, action);
            sent.push({ action, answer });
            return answer;
          } catch (error) {
            if (!(error instanceof SeamlessError)) throw error;
            return null;
          }
        };
        for (const op of ops) {
          const txId = `${tag}-${n++}`;
          if (op.type === 'bet') {
            const early = pendingEarly.shift();
            const id = early?.id ?? txId;
            const cents = BigInt(op.cents);
            const ok = await send({
              action: 'bet',
              transactionId: id,
              roundId: `${tag}-r${op.round}`,
              amount: (op.cents / 100).toFixed(2),
              currency: 'EUR',
            });
            if (ok && !early) {
              expected -= cents;
              bets.push({ id, cents, live: true });
            }
          } else if (op.type === 'win') {
            const ok = await send({
              action: 'win',
              transactionId: txId,
              roundId: `${tag}-r${op.round}`,
              amount: (op.cents / 100).toFixed(2),
              currency: 'EUR',
              closeRound: op.close,
            });
            if (ok) expected += BigInt(op.cents);
          } else if (op.type === 'rollback') {
            const bet = bets[op.target % Math.max(1, bets.length)];
            if (!bet) continue;
            const [row] = await rows(
              db,
              sql`select round_id from wallet.seamless_transactions where provider_id = 'acme' and provider_tx_id = ${bet.id}`,
            );
            const ok = await send({
              action: 'rollback',
              transactionId: txId,
              rollbackTransactionId: bet.id,
              roundId: row.round_id,
            });
            if (ok && bet.live) {
              bet.live = false;
              expected += bet.cents;
            }
          } else if (op.type === 'early-rollback') {
            const betId = `${tag}-early-${n}`;
            const ok = await send({
              action: 'rollback',
              transactionId: txId,
              rollbackTransactionId: betId,
              roundId: `${tag}-re${n}`,
            });
            expect(ok).not.toBeNull();
            pendingEarly.push({ id: betId, cents: 0 });
          } else if (sent.length > 0) {
            const prior = sent[op.index % sent.length]!;
            const before = await realOf(accountId);
            expect(await wallet.act('acme', token, prior.action)).toEqual(prior.answer);
            expect(await realOf(accountId)).toBe(before);
          }
          expect(await realOf(accountId)).toBe(expected);
        }
        expect(await ledgerViolations(db)).toEqual([]);
      }),
      { numRuns: databaseKind === 'postgres' ? 25 : 40 },
    );
  }, 120_000);

  it('never overdraws under concurrent bets on one player', async () => {
    const wallet = createSeamlessWallet({ db, playerName: publicNameColumn, playStatus: playStatusColumn });
    const { token, accountId } = await fundedPlayer(5000n); // 50 bets of 1.00 fit
    const tag = randomUUID().slice(0, 8);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 80 }, (_, i) => {
        // Every tenth request repeats the previous one: a retry racing its original.
        const k = i % 10 === 9 ? i - 1 : i;
        return wallet.act('acme', token, {
          action: 'bet',
          transactionId: `${tag}-${k}`,
          roundId: `${tag}-r${k % 7}`,
          amount: '1.00',
          currency: 'EUR',
        });
      }),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const o of refused) expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const accepted = new Set(
      outcomes
        .filter((o) => o.status === 'fulfilled')
        .map((o) => (o as PromiseFulfilledResult<{ transactionId: string }>).value.transactionId),
    );
    expect(accepted.size).toBe(50);
    expect(await realOf(accountId)).toBe(0n);
    const [c] = await rows(
      db,
      sql`select count(*)::int as n from wallet.seamless_transactions s join wallet.transactions t on t.id = s.ledger_transaction_id
          where t.kind = 'game.bet' and s.provider_tx_id like ${`${tag}-%`}`,
    );
    expect(c.n).toBe(50);
    expect(await ledgerViolations(db)).toEqual([]);
  }, 120_000);
});
