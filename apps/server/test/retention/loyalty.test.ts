import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createRetentionTestApp, playRound, type RetentionTestApp } from './loyalty-helpers.ts';

// Loyalty (issue 13 §2): points from real seamless bets, applied by the retention consumer; levels and
// the account per api-contract §11.1; a level-up on retention:accounts#{playerId}.

let t: RetentionTestApp;

beforeAll(async () => {
  t = await createRetentionTestApp();
  // Imported after the app (player and risk import each other; the app's order is the one that works).
  const { seedLoyalty } = await import('../../src/modules/retention/loyalty/index.ts');
  await seedLoyalty(t.database.db);
});
afterAll(() => t.close());

const account = async (auth: string) => {
  const res = await t.call('GET', '/api/retention/account', { token: auth });
  expect(res.status).toBe(200);
  return res.json.data;
};

describe(`loyalty (${databaseKind})`, () => {
  it('lists the levels with their thresholds, sorted as asked, and refuses a bad query with 422', async () => {
    const res = await t.call('GET', '/api/retention/levels');
    expect(res.status).toBe(200);
    expect(res.json.meta).toMatchObject({ page: 1, totalRows: 5, totalPages: 1 });
    expect(res.json.data.map((l: { name: string }) => l.name)).toEqual([
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
      'Diamond',
    ]);
    expect(res.json.data[1]).toEqual({ id: expect.any(String), name: 'Silver', order: 2, points: 100 });
    const desc = await t.call('GET', '/api/retention/levels?sortBy=points&sortOrder=desc&perPage=2');
    expect(desc.json.data.map((l: { order: number }) => l.order)).toEqual([5, 4]);
    expect(desc.json.meta).toMatchObject({ perPage: 2, totalPages: 3 });
    const bad = await t.call('GET', '/api/retention/levels?sortBy=name');
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields.sortBy).toBeDefined();
    expect((await t.call('GET', '/api/retention/levels?perPage=0')).status).toBe(422);
  });

  it('answers a new player 0 points at the first level, and needs a token', async () => {
    const p = await t.newPlayer(0);
    const a = await account(p.auth);
    expect(a).toMatchObject({ playerId: p.playerId, points: 0, updatedAt: null });
    expect(a.currentLevel).toMatchObject({ name: 'Bronze', order: 1, points: 0 });
    expect(a.nextLevel).toMatchObject({ name: 'Silver', order: 2, points: 100 });
    expect(typeof a.id).toBe('string');
    expect((await t.call('GET', '/api/retention/account')).status).toBe(401);
  });

  it('earns a point per euro of real stake from seamless bets, and publishes the level-up', async () => {
    const p = await t.newPlayer(200);
    await playRound(t, p.game, '60.00', '30.00');
    await t.drain();
    expect((await account(p.auth)).points).toBe(60);
    await playRound(t, p.game, '45.50');
    await t.drain();
    const a = await account(p.auth);
    expect(a.points).toBe(105.5);
    expect(a.currentLevel.name).toBe('Silver');
    expect(a.nextLevel.name).toBe('Gold');
    const events = await t.publishedOn(`retention:accounts#${p.playerId}`);
    expect(events.map((e) => e.event)).toEqual(['account.balance.updated', 'account.level.updated']);
    expect(events[1]!.data).toMatchObject({
      event: 'account.level.updated',
      playerAccount: { playerId: p.playerId, points: 105.5, currentLevel: { order: 2 } },
    });
  });

  it('weighs each game by its contribution and takes back the points of a rolled back stake', async () => {
    await t.database.db.execute(sql`update retention.loyalty_program set contributions = '{"slot-1": 50}'`);
    try {
      const p = await t.newPlayer(100);
      await playRound(t, p.game, '10.00');
      await t.drain();
      expect((await account(p.auth)).points).toBe(5);
      const roundId = 'rb-round-1';
      await t.seamless('bet', { token: p.game, transactionId: 'rb-bet-1', roundId, amount: '20.00', currency: 'EUR' });
      await t.drain();
      expect((await account(p.auth)).points).toBe(15);
      const rb = await t.seamless('rollback', {
        token: p.game,
        transactionId: 'rb-1',
        rollbackTransactionId: 'rb-bet-1',
        roundId,
      });
      expect(rb.json.status).toBe('OK');
      await t.drain();
      expect((await account(p.auth)).points).toBe(5);
    } finally {
      await t.database.db.execute(sql`update retention.loyalty_program set contributions = '{}'`);
    }
  });

  it('keeps the points in the database as integers (hundredths), never a float', async () => {
    const result = await t.database.db.execute(
      sql`select data_type from information_schema.columns where table_schema = 'retention' and table_name = 'loyalty_accounts' and column_name = 'points'`,
    );
    expect((result as unknown as { rows: { data_type: string }[] }).rows[0]!.data_type).toBe('bigint');
  });
});
