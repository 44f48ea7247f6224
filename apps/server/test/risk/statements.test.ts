import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverOf } from '../../src/db/lean-sql.ts';
import { LOCK_BY_TOKEN } from '../../src/modules/wallet/seamless/statements.ts';
import { databaseKind } from '../harness.ts';
import { createRiskTestApp, type RiskTestApp, uid } from './helpers.ts';

// What a bet and a win cost in SQL statements (BEGIN and COMMIT apart, as bench/wallet counts them) for a
// player with a bet and a loss limit, beside one without: the limits rule reads the limits and counts the
// movement in its windows in one statement (decision 0078), so limits add no statement to the money path.
// Without limits: a bet 5 (lock, claim with round, limits, bonus, move), a win 5 too (the activity rule's
// public name comes with the lock, decision 0086).

/** The statements of every transaction that ran while recording, each as the list of its texts. */
function recordTransactions(t: RiskTestApp) {
  const transactions: string[][] = [];
  let recording = false;
  const driver = driverOf(t.database.db);
  if (driver.kind === 'pglite') {
    const client = driver.client as PGlite & { transaction: PGlite['transaction'] };
    const original = client.transaction.bind(client);
    client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) =>
      original((tx) => {
        if (recording) {
          const log: string[] = [];
          transactions.push(log);
          const query = tx.query.bind(tx);
          tx.query = ((text: string, ...rest: unknown[]) => {
            log.push(text);
            return (query as (...a: unknown[]) => unknown)(text, ...rest);
          }) as Transaction['query'];
        }
        return fn(tx);
      })) as PGlite['transaction'];
    return {
      transactions,
      start: () => (recording = true),
      stop: () => (recording = false),
      restore() {
        client.transaction = original;
      },
    };
  }
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  const open = new WeakMap<pg.Client, string[]>();
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
    const word = text.trim().toUpperCase();
    if (recording && word === 'BEGIN') {
      const log: string[] = [];
      transactions.push(log);
      open.set(this, log);
    } else if (word === 'COMMIT' || word === 'ROLLBACK') open.delete(this);
    else open.get(this)?.push(text);
    return original.apply(this, args);
  };
  return {
    transactions,
    start: () => (recording = true),
    stop: () => (recording = false),
    restore() {
      proto.query = original;
    },
  };
}

let t: RiskTestApp;
beforeAll(async () => {
  t = await createRiskTestApp();
});
afterAll(() => t.close());

/** Statements of the wallet's transaction for one seamless call (the one that locks the account). */
async function statementsOf(call: () => Promise<{ status: string }>): Promise<number> {
  const recorder = recordTransactions(t);
  recorder.start();
  try {
    expect((await call()).status).toBe('OK');
  } finally {
    recorder.stop();
    recorder.restore();
  }
  const wallet = recorder.transactions.filter((log) => log[0] === LOCK_BY_TOKEN.text);
  expect(wallet).toHaveLength(1);
  return wallet[0]!.length;
}

/** Statements of one bet and of the win that closes its round. */
async function betAndWin(launch: string): Promise<{ bet: number; win: number }> {
  const roundId = uid('r');
  let transactionId = '';
  const bet = await statementsOf(async () => {
    const answer = await t.bet(launch, '2', roundId);
    transactionId = answer.transactionId;
    return answer;
  });
  const win = await statementsOf(async () => {
    const res = await t.seamless('win', {
      token: launch,
      transactionId: `w-${transactionId}`,
      roundId,
      amount: '1',
      currency: 'EUR',
      closeRound: true,
    });
    return res.json;
  });
  return { bet, win };
}

describe(`statements of the money path with limits (${databaseKind})`, () => {
  it('a bet and a win cost no more statements with a bet and a loss limit than without', async () => {
    const free = await t.member(100);
    const limited = await t.member(100);
    for (const definition of [1, 2]) {
      const res = await t.call('POST', '/api/player/limits', {
        token: limited.token,
        body: { definition, period: 'daily', currency: 'EUR', amount: 1000 },
      });
      expect(res.status).toBe(200);
    }
    // First use of a currency's house account and the like, for both players.
    await betAndWin(free.launch);
    await betAndWin(limited.launch);

    const without = await betAndWin(free.launch);
    const withLimits = await betAndWin(limited.launch);
    // Decision 0081: the player's status rides the locking statement, the claim and the round share one.
    expect(without.bet).toBeLessThanOrEqual(5);
    expect(without.win).toBeLessThanOrEqual(5);
    expect(withLimits.bet).toBeLessThanOrEqual(without.bet);
    expect(withLimits.win).toBeLessThanOrEqual(without.win);
    console.info(`statements per call: without limits ${JSON.stringify(without)}, with ${JSON.stringify(withLimits)}`);

    // The limits counted both rounds: stakes 4, net loss 4 − 2.
    const res = await t.call('GET', '/api/player/limits', { token: limited.token });
    const current = Object.fromEntries(
      (res.json.data as { definition: number; currentAmount: number }[]).map((l) => [l.definition, l.currentAmount]),
    );
    expect(current).toEqual({ 1: 4, 2: 2 });
  });
});
