import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekStartOf } from '../../src/modules/bonus/cashback.ts';
import { netLossesBetween } from '../../src/modules/wallet/index.ts';
import { databaseKind } from '../harness.ts';
import { createRollbackTestApp, newRound, type RollbackTestApp } from './rollback-helpers.ts';

// Weekly cashback's base (decision 0093, checked): the net real-money loss is read from the ledger, where a
// rollback's refund is the bet's own entries reversed, so a stake rolled back in the week it was placed
// weighs nothing. (A stake kept open across the week's payment and cancelled later lowers the next week's
// loss instead: written down in the decision.)

let t: RollbackTestApp;

beforeAll(async () => {
  t = await createRollbackTestApp();
});
afterAll(() => t.close());

describe(`cashback base and rollbacks (${databaseKind})`, () => {
  it('a rolled back stake is no loss; a lost one is', async () => {
    const p = await t.newPlayer('100.00');
    const lost = newRound();
    await t.bet(p.token, lost, '10.00');
    await t.settle(p.token, lost);
    const open = newRound();
    const bet = await t.bet(p.token, open, '30.00');
    await t.rollback(p.token, open, bet);
    const from = weekStartOf(new Date());
    const to = new Date(from.getTime() + 7 * 24 * 3_600_000);
    const losses = await netLossesBetween(t.database.db, from, to, p.playerId);
    expect(losses).toEqual([{ playerId: p.playerId, currency: 'EUR', amount: 10_00n }]);
  });
});
