import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletStatementsOf } from '../db/record-transactions.ts';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { account, applyCode, defineBonus, newPlayer, type Player } from './helpers.ts';

// What a bet and a win cost in SQL statements (BEGIN and COMMIT apart, as bench/wallet counts them) under an
// active bonus (decision 0090): the max bet per round reads the round's stake in the bonus rule's first bet
// statement, and the win reads what conversion needs in the statement that settles the round's stake, so a
// bet costs 6 (lock, claim with round, limits, active bonus with the round's stake, stake and wager, move) and
// a win 5 (lock, claim with payout, limits, settle the stake, move), as before the issue 23 fixes. The win
// that converts a bonus costs what the converting bet did: the bonus's end (its event rides the move).

let t: SeamlessTestApp;
beforeAll(async () => {
  t = await createSeamlessTestApp();
  await defineBonus(t, { identity: 'count', amount: 50_00n, wager: '30', maxBet: 5_00n, code: 'COUNT' });
  await defineBonus(t, { identity: 'count-done', amount: 2_00n, wager: '1', maxWin: 1_00n, code: 'COUNTDONE' });
});
afterAll(() => t.close());

const statementsOf = (call: () => Promise<{ status: string }>) => walletStatementsOf(t, call);

let seq = 0;
async function betAndWin(p: Player, stake: string, payout: string) {
  const roundId = `count${++seq}-${Date.now()}`;
  const bet = await statementsOf(async () => {
    const body = { token: p.game, transactionId: `${roundId}:b`, roundId, amount: stake, currency: 'EUR' };
    return (await t.seamless('bet', body)).json;
  });
  const win = await statementsOf(async () => {
    const body = { token: p.game, transactionId: `${roundId}:w`, roundId, amount: payout, currency: 'EUR' };
    return (await t.seamless('win', { ...body, closeRound: true })).json;
  });
  return { bet, win };
}

describe(`statements of the money path under a bonus (${databaseKind})`, () => {
  it('a bet and a win under an active bonus cost what they did before the round rules', async () => {
    const real = await newPlayer(t, 100);
    const bonusOnly = await newPlayer(t, 0);
    for (const p of [real, bonusOnly]) {
      expect((await applyCode(t, p, 'COUNT')).json.data.status).toBe(2);
      await betAndWin(p, '1.00', '1.00'); // first use of the house accounts and the prepared statements
    }
    const realStake = await betAndWin(real, '2.00', '1.00');
    const bonusStake = await betAndWin(bonusOnly, '2.00', '1.00'); // a bonus share to move on the win
    console.info(
      `statements under a bonus: real stake ${JSON.stringify(realStake)}, bonus ${JSON.stringify(bonusStake)}`,
    );
    expect(realStake.bet).toBeLessThanOrEqual(6);
    expect(realStake.win).toBeLessThanOrEqual(5);
    expect(bonusStake.bet).toBeLessThanOrEqual(6);
    expect(bonusStake.win).toBeLessThanOrEqual(5);
  });

  it('the round that converts a bonus costs what it did when the bet converted', async () => {
    const converting = async () => {
      const p = await newPlayer(t, 10);
      expect((await applyCode(t, p, 'COUNTDONE')).json.data.status).toBe(2);
      await betAndWin(p, '1.00', '1.00');
      const round = await betAndWin(p, '1.00', '1.00'); // wagering 2 of 2: converts, 1 of 2 over the max win
      expect(await account(t, p)).toMatchObject({ realBalance: 11, bonusBalance: 0 });
      return round;
    };
    await converting(); // first use of the house bonus account by the rule
    const round = await converting();
    console.info(`statements of the converting round: ${JSON.stringify(round)}`);
    // Before: the bet converted (6, + its bonus event, + the stored answer that follows the forfeit: 8), the
    // win 5. Now the bet is an ordinary one and the win ends the bonus (+ the stored answer): 6 and 7.
    expect(round.bet).toBeLessThanOrEqual(6);
    expect(round.win).toBeLessThanOrEqual(7);
  });
});
