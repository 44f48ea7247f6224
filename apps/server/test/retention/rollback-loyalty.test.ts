import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payReward } from '../../src/modules/wallet/index.ts';
import { newPlayer } from '../bonus/helpers.ts';
import { databaseKind } from '../harness.ts';
import { createRollbackTestApp, newRound, type RollbackTestApp } from './rollback-helpers.ts';

// Loyalty points follow rollbacks exactly (decision 0093): a cancelled bet takes back the points it earned
// (its real-money part's), not what the refund would earn now, and never another bet's.

let t: RollbackTestApp;

beforeAll(async () => {
  t = await createRollbackTestApp({ LOYALTY_ENABLED: 'true' });
  // Imported after the app (player and risk import each other; the app's order is the one that works).
  const { seedLoyalty } = await import('../../src/modules/retention/loyalty/index.ts');
  await seedLoyalty(t.database.db);
});
afterAll(() => t.close());

const pointsOf = async (auth: string) => {
  await t.drain();
  const res = await t.call('GET', '/api/retention/account', { token: auth });
  return res.json.data.points as number;
};

describe(`loyalty points follow rollbacks (${databaseKind})`, () => {
  it('a cancelled bet paid half in bonus money takes back only the points its real half earned', async () => {
    const p = await newPlayer(t, 5);
    await payReward(t.database.db, {
      idempotencyKey: `rb-loyalty-${p.playerId}`,
      playerId: p.playerId,
      currency: 'EUR',
      amount: 5_00n,
      part: 'bonus',
      kind: 'test.bonus',
    });
    const round = newRound();
    const mixed = await t.bet(p.game, round, '10.00');
    expect(await pointsOf(p.auth)).toBe(5);
    await t.call('POST', '/api/dev/wallet/credit', { body: { playerId: p.playerId, currency: 'EUR', amount: 10 } });
    await t.bet(p.game, round, '10.00');
    expect(await pointsOf(p.auth)).toBe(15);
    await t.rollback(p.game, round, mixed);
    expect(await pointsOf(p.auth)).toBe(10);
  });

  it('takes the points back once, however often the provider repeats the rollback', async () => {
    const p = await newPlayer(t, 50);
    const round = newRound();
    await t.bet(p.game, round, '20.00');
    const other = newRound();
    const bet = await t.bet(p.game, other, '7.00');
    expect(await pointsOf(p.auth)).toBe(27);
    await t.rollback(p.game, other, bet);
    await t.rollback(p.game, other, bet);
    expect(await pointsOf(p.auth)).toBe(20);
    // A decided round's bets can no longer be rolled back: what they earned is final, and not kept per bet.
    await t.settle(p.game, round);
    await t.drain();
    const kept = await t.database.db.execute(
      sql`select count(*)::int as n from retention.loyalty_bets where round_id = ${round}`,
    );
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(await pointsOf(p.auth)).toBe(20);
  });
});
