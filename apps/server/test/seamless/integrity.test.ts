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
  type SeamlessWallet,
} from '../../src/modules/wallet/seamless/index.ts';
import { syncProviders } from '../../src/modules/wallet/seamless/providers.ts';
import { databaseKind } from '../harness.ts';
import { freshWalletDatabase, house, ledgerViolations, rows } from '../wallet/db.ts';

// The money path's integrity as a hostile provider would test it (issue 10): every request correctly signed
// and every id chosen to collide across players, accounts, currencies and rounds.

let database: Database;
let db: Db;
let wallet: SeamlessWallet;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, close } = await freshWalletDatabase(20));
  db = database.db;
  await syncProviders(db, [{ id: 'acme', secret: 'x'.repeat(20), games: [], enabled: true }], 'y'.repeat(32));
  wallet = createSeamlessWallet({ db, playerName: publicNameColumn, playStatus: playStatusColumn });
});
afterAll(() => close());

const FUNDS: Record<string, bigint> = { EUR: 100_000n, BTC: 100_000_000n }; // 1000.00 EUR, 1 BTC

/** A player with a funded EUR and BTC account and a launch token for each. */
async function player() {
  const playerId = randomUUID();
  const tokens: Record<string, string> = {};
  const accounts: Record<string, string> = {};
  for (const currency of ['EUR', 'BTC']) {
    const launched = await issueLaunchToken(db, { playerId, currency, providerId: 'acme', gameId: 'g' });
    tokens[currency] = launched.token;
    accounts[currency] = launched.accountId;
    const cash = await house(db, currency, 'cash');
    const minor = FUNDS[currency]!;
    await withTransaction(db, (tx) =>
      transfer({
        tx,
        kind: 'test.credit',
        legs: [
          { accountId: cash.id, part: 'real', amount: -minor },
          { accountId: launched.accountId, part: 'real', amount: minor },
        ],
      }),
    );
  }
  return { playerId, tokens, accounts };
}

const realOf = async (accountId: string) =>
  BigInt((await rows(db, sql`select real::text as real from wallet.accounts where id = ${accountId}`))[0].real);

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SeamlessError) return error.code;
    throw error;
  }
  return 'OK';
}

/**
 * Recomputes every player account from the seamless log (bets that moved money, minus their rollbacks'
 * refunds, plus wins) and compares it with the account and with the ledger; every logged movement must
 * sit on the account, currency and player its round names.
 */
async function integrityViolations(funds: Map<string, bigint>): Promise<string[]> {
  const problems = await ledgerViolations(db);
  const log = await rows(
    db,
    sql`select s.account_id, a.real::text as real, a.currency as account_currency,
          coalesce(sum(case when s.kind = 'bet' and s.ledger_transaction_id is not null then -s.amount
                            when s.kind in ('win', 'rollback') then s.amount else 0 end), 0)::text as net,
          bool_and(s.currency = a.currency and s.player_id = a.player_id) as bound
        from wallet.seamless_transactions s join wallet.accounts a on a.id = s.account_id
        group by s.account_id, a.real, a.currency`,
  );
  for (const row of log) {
    const initial = funds.get(row.account_id);
    if (initial === undefined) continue; // an account of another test
    const expected = initial + BigInt(row.net);
    if (expected !== BigInt(row.real))
      problems.push(`account ${row.account_id}: log says ${expected}, row ${row.real}`);
    if (!row.bound) problems.push(`account ${row.account_id}: a movement of another player or currency`);
  }
  const strays = await rows(
    db,
    sql`select s.provider_tx_id from wallet.seamless_transactions s
          join wallet.entries e on e.transaction_id = s.ledger_transaction_id
          join wallet.accounts a on a.id = e.account_id
         where a.owner_kind = 'player' and a.id <> s.account_id`,
  );
  if (strays.length) problems.push(`ledger legs on another player account: ${JSON.stringify(strays)}`);
  const rounds = await rows(
    db,
    sql`select r.round_id, s.kind, s.provider_tx_id, s.player_id = r.player_id as same_player, s.currency, r.currency as round_currency
          from wallet.seamless_rounds r join wallet.seamless_transactions s
          on s.provider_id = r.provider_id and s.round_id = r.round_id and s.kind in ('bet', 'win', 'rollback')
         where s.player_id <> r.player_id or s.currency <> r.currency`,
  );
  if (rounds.length) problems.push(`movements in rounds of another player or currency: ${JSON.stringify(rounds)}`);
  return problems;
}

describe(`seamless integrity (${databaseKind})`, () => {
  it('refuses a rollback sent with the token of another account of the same player', async () => {
    const p = await player();
    const round = randomUUID();
    const bet = { action: 'bet', transactionId: randomUUID(), roundId: round, amount: '0.5', currency: 'BTC' } as const;
    await wallet.act('acme', p.tokens.BTC!, bet);
    const rollback: Action = {
      action: 'rollback',
      transactionId: randomUUID(),
      rollbackTransactionId: bet.transactionId,
      roundId: round,
    };
    expect(await refusal(wallet.act('acme', p.tokens.EUR!, rollback))).toBe('BET_NOT_FOUND');
    expect(await realOf(p.accounts.EUR!)).toBe(FUNDS.EUR);
    expect(await realOf(p.accounts.BTC!)).toBe(FUNDS.BTC! - 50_000_000n);
    // With the bet's own token the rollback refunds exactly the BTC stake.
    await wallet.act('acme', p.tokens.BTC!, rollback);
    expect(await realOf(p.accounts.BTC!)).toBe(FUNDS.BTC);
  });

  it('refuses a rollback once the round settled with its win', async () => {
    const p = await player();
    const round = randomUUID();
    const betId = randomUUID();
    await wallet.act('acme', p.tokens.EUR!, {
      action: 'bet',
      transactionId: betId,
      roundId: round,
      amount: '10',
      currency: 'EUR',
    });
    await wallet.act('acme', p.tokens.EUR!, {
      action: 'win',
      transactionId: randomUUID(),
      roundId: round,
      amount: '25',
      currency: 'EUR',
      closeRound: true,
    });
    const rollback: Action = {
      action: 'rollback',
      transactionId: randomUUID(),
      rollbackTransactionId: betId,
      roundId: round,
    };
    expect(await refusal(wallet.act('acme', p.tokens.EUR!, rollback))).toBe('INVALID_REQUEST');
    expect(await realOf(p.accounts.EUR!)).toBe(FUNDS.EUR! + 1500n);
  });

  it('refuses a win in EUR on a round opened in BTC', async () => {
    const p = await player();
    const round = randomUUID();
    await wallet.act('acme', p.tokens.BTC!, {
      action: 'bet',
      transactionId: randomUUID(),
      roundId: round,
      amount: '0.1',
      currency: 'BTC',
    });
    const win: Action = { action: 'win', transactionId: randomUUID(), roundId: round, amount: '500', currency: 'EUR' };
    expect(await refusal(wallet.act('acme', p.tokens.EUR!, win))).toBe('CURRENCY_MISMATCH');
    expect(await realOf(p.accounts.EUR!)).toBe(FUNDS.EUR);
  });

  it("a rollback-before-bet from one player blocks that id for every other player's bet", async () => {
    const p = await player();
    const q = await player();
    const betId = randomUUID();
    const round = randomUUID();
    await wallet.act('acme', p.tokens.EUR!, {
      action: 'rollback',
      transactionId: randomUUID(),
      rollbackTransactionId: betId,
      roundId: round,
    });
    const bet: Action = { action: 'bet', transactionId: betId, roundId: randomUUID(), amount: '7', currency: 'EUR' };
    expect(await refusal(wallet.act('acme', q.tokens.EUR!, bet))).toBe('DUPLICATE_CONFLICT');
    expect(await realOf(q.accounts.EUR!)).toBe(FUNDS.EUR);
    // The player whose rollback it was has the late bet accepted and cancelled: nothing moves.
    const own = await wallet.act('acme', p.tokens.EUR!, { ...bet, roundId: round });
    expect(own).toMatchObject({ status: 'OK', balance: '1000.00', ledgerTransactionId: null });
    expect(await realOf(p.accounts.EUR!)).toBe(FUNDS.EUR);
  });

  it('two players using the same new transaction id or round at once: one success, one clean refusal', async () => {
    for (let pair = 0; pair < 20; pair++) {
      const [p, q] = [await player(), await player()];
      const txId = randomUUID();
      const sameId = await Promise.allSettled([
        wallet.act('acme', p.tokens.EUR!, {
          action: 'bet',
          transactionId: txId,
          roundId: randomUUID(),
          amount: '1',
          currency: 'EUR',
        }),
        wallet.act('acme', q.tokens.EUR!, {
          action: 'bet',
          transactionId: txId,
          roundId: randomUUID(),
          amount: '1',
          currency: 'EUR',
        }),
      ]);
      expect(sameId.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const idRefusal = sameId.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(idRefusal.reason).toBeInstanceOf(SeamlessError);
      expect(idRefusal.reason.code).toBe('DUPLICATE_CONFLICT');

      const round = randomUUID();
      const sameRound = await Promise.allSettled([
        wallet.act('acme', p.tokens.EUR!, {
          action: 'bet',
          transactionId: randomUUID(),
          roundId: round,
          amount: '1',
          currency: 'EUR',
        }),
        wallet.act('acme', q.tokens.EUR!, {
          action: 'bet',
          transactionId: randomUUID(),
          roundId: round,
          amount: '1',
          currency: 'EUR',
        }),
      ]);
      expect(sameRound.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const roundRefusal = sameRound.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(roundRefusal.reason).toBeInstanceOf(SeamlessError);
      expect(roundRefusal.reason.code).toBe('INVALID_REQUEST');
    }
    expect(await ledgerViolations(db)).toEqual([]);
  }, 120_000);

  it('keeps every account equal to its seamless log over random interleavings of 2 players x 2 currencies', async () => {
    type Op =
      | { type: 'bet' | 'win'; who: number; currency: number; id: number; round: number; cents: number; close: boolean }
      | { type: 'rollback'; who: number; currency: number; id: number; target: number; round: number }
      | { type: 'replay'; index: number }
      | { type: 'batch'; who: number; currency: number; ids: [number, number]; round: number; cents: number };
    const who = fc.nat(1);
    const currency = fc.nat(1);
    const id = fc.nat(11);
    const round = fc.nat(3);
    const cents = fc.integer({ min: 0, max: 5000 });
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        type: fc.constantFrom('bet' as const, 'win' as const),
        who,
        currency,
        id,
        round,
        cents,
        close: fc.boolean(),
      }),
      fc.record({ type: fc.constant('rollback' as const), who, currency, id, target: id, round }),
      fc.record({ type: fc.constant('replay' as const), index: fc.nat(40) }),
      fc.record({ type: fc.constant('batch' as const), who, currency, ids: fc.tuple(id, id), round, cents }),
    );
    // Steps run one by one or, on PostgreSQL, two at a time (real races on shared ids and rounds).
    const stepArb = fc.array(fc.array(opArb, { minLength: 1, maxLength: databaseKind === 'postgres' ? 2 : 1 }), {
      minLength: 1,
      maxLength: 20,
    });
    const funds = new Map<string, bigint>();
    await fc.assert(
      fc.asyncProperty(stepArb, async (steps) => {
        const players = [await player(), await player()];
        for (const p of players) for (const c of ['EUR', 'BTC']) funds.set(p.accounts[c]!, FUNDS[c]!);
        const tag = randomUUID().slice(0, 8);
        const sent: { token: string; action: Action | Action[] }[] = [];
        const tokenOf = (op: { who: number; currency: number }) =>
          players[op.who]!.tokens[op.currency === 0 ? 'EUR' : 'BTC']!;
        const amountOf = (op: { currency: number }, c: number) =>
          op.currency === 0 ? (c / 100).toFixed(2) : (c / 1e6).toFixed(8);
        const currencyOf = (op: { currency: number }) => (op.currency === 0 ? 'EUR' : 'BTC');
        const run = async (op: Op): Promise<void> => {
          let token: string;
          let action: Action | Action[];
          if (op.type === 'replay') {
            const prior = sent[op.index % Math.max(sent.length, 1)];
            if (!prior) return;
            ({ token, action } = prior);
          } else if (op.type === 'batch') {
            token = tokenOf(op);
            action = [
              {
                action: 'bet',
                transactionId: `${tag}-${op.ids[0]}`,
                roundId: `${tag}-r${op.round}`,
                amount: amountOf(op, op.cents),
                currency: currencyOf(op),
              },
              {
                action: 'win',
                transactionId: `${tag}-${op.ids[1]}`,
                roundId: `${tag}-r${op.round}`,
                amount: amountOf(op, op.cents * 2),
                currency: currencyOf(op),
                closeRound: true,
              },
            ];
          } else if (op.type === 'rollback') {
            token = tokenOf(op);
            action = {
              action: 'rollback',
              transactionId: `${tag}-${op.id}`,
              rollbackTransactionId: `${tag}-${op.target}`,
              roundId: `${tag}-r${op.round}`,
            };
          } else {
            token = tokenOf(op);
            const base = {
              transactionId: `${tag}-${op.id}`,
              roundId: `${tag}-r${op.round}`,
              amount: amountOf(op, op.cents),
              currency: currencyOf(op),
            };
            action = op.type === 'bet' ? { action: 'bet', ...base } : { action: 'win', ...base, closeRound: op.close };
          }
          sent.push({ token, action });
          try {
            if (Array.isArray(action)) await wallet.batch('acme', token, action);
            else await wallet.act('acme', token, action);
          } catch (error) {
            // A refusal is a clean business answer; anything else (a 500) fails the property.
            if (!(error instanceof SeamlessError)) throw error;
          }
        };
        for (const step of steps) await Promise.all(step.map(run));
        expect(await integrityViolations(funds)).toEqual([]);
      }),
      { numRuns: databaseKind === 'postgres' ? 30 : 40 },
    );
  }, 240_000);
});
