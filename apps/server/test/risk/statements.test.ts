import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletStatementsOf } from '../db/record-transactions.ts';
import { databaseKind } from '../harness.ts';
import { createRiskTestApp, type RiskTestApp, uid } from './helpers.ts';

// What a bet and a win cost in SQL statements (BEGIN and COMMIT apart, as bench/wallet counts them) for a
// player with a bet and a loss limit, beside one without: the limits rule reads the limits and counts the
// movement in its windows in one statement (decision 0078), so limits add no statement to the money path.
// Without limits: a bet 5 (lock, claim with round, limits, bonus, move), a win 5 too (the activity rule's
// public name comes with the lock, decision 0086).

let t: RiskTestApp;
beforeAll(async () => {
  t = await createRiskTestApp();
});
afterAll(() => t.close());

const statementsOf = (call: () => Promise<{ status: string }>) => walletStatementsOf(t, call);

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
