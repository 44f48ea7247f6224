import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyRule } from '../../src/modules/wallet/seamless/index.ts';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { account, ledgerHolds, newPlayer } from './helpers.ts';

// Issue 23 finding 3's cause: a rollback's refund is the bet's own entries summed per part (CANCEL_BET). A
// rule that writes two more entries on the real part of a bet (as the bonus conversion once did) must not
// change what its rollback refunds.

/** Adds a pair of entries on the bet's real part (−1.00 then +1.00): the bet's real part has three entries. */
const twoMoreEntries: MoneyRule = {
  name: 'test-two-more-entries',
  kinds: ['bet'],
  async apply({ movement }) {
    return {
      legs: [
        { accountId: movement.accountId, part: 'real', amount: -100n },
        { accountId: movement.accountId, part: 'real', amount: 100n },
      ],
    };
  },
};

let t: SeamlessTestApp;
beforeAll(async () => {
  t = await createSeamlessTestApp({ moneyRules: [twoMoreEntries] });
});
afterAll(() => t.close());

describe(`a rollback refunds the bet's entries summed per part (${databaseKind})`, () => {
  it('refunds the stake of a bet with three entries on its real part', async () => {
    const p = await newPlayer(t, 20);
    const roundId = `per-part-${Date.now()}`;
    const bet = await t.seamless('bet', {
      token: p.game,
      transactionId: `${roundId}:b`,
      roundId,
      amount: '5.00',
      currency: 'EUR',
    });
    expect(bet.json.status).toBe('OK');
    expect(await account(t, p)).toMatchObject({ realBalance: 15 });
    const rollback = await t.seamless('rollback', {
      token: p.game,
      transactionId: `${roundId}:rb`,
      rollbackTransactionId: `${roundId}:b`,
      roundId,
    });
    expect(rollback.json.status).toBe('OK');
    expect(await account(t, p)).toMatchObject({ realBalance: 20, bonusBalance: 0 });
    expect(await ledgerHolds(t)).toMatchObject({ negative: 0 });
  });
});
