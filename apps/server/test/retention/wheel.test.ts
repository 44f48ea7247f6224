import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { databaseKind } from '../harness.ts';
import { createRetentionTestApp, type RetentionTestApp } from './loyalty-helpers.ts';

// Wheels of fortune (issue 13 §5, api-contract §11.4): a daily spin per player, spins per deposit, a draw
// verifiable from the revealed seed, prizes paid once through the wallet, 10003 when no spin is left.

let t: RetentionTestApp;
let db: Db;
let mod: typeof import('../../src/modules/retention/wheel/index.ts');
let events: typeof import('../../src/modules/retention/events.ts');
let cashWheel: string;
let mixedWheel: string;
const mixedWeights = [5000, 3000, 2000];

async function wheel(identity: string, values: string, sectors: string): Promise<string> {
  const rows = await db.execute(
    sql.raw(`insert into retention.wheels (identity, title, start_at, daily_spins, deposit_spins, deposit_min)
      values ${values.replace('$id', `'${identity}'`)} returning id`),
  );
  const id = (rows as unknown as { rows: { id: string }[] }).rows[0]!.id;
  await db.execute(
    sql.raw(`insert into retention.wheel_sectors (wheel_id, position, title, weight, prize_type, amounts, points)
      select '${id}', * from (values ${sectors}) as s(position, title, weight, prize_type, amounts, points)`),
  );
  return id;
}

beforeAll(async () => {
  t = await createRetentionTestApp();
  db = t.database.db;
  // Imported after the app (player and risk import each other; the app's order is the one that works).
  mod = await import('../../src/modules/retention/wheel/index.ts');
  events = await import('../../src/modules/retention/events.ts');
  const { seedLoyalty } = await import('../../src/modules/retention/loyalty/index.ts');
  await seedLoyalty(db);
  cashWheel = await wheel(
    'cash',
    `($id, 'Cash wheel', now() - interval '1 day', 1, 0, '{}'::jsonb)`,
    `(0, '2 EUR', 10000, 'real', '{"EUR": "200"}'::jsonb, 0::bigint)`,
  );
  mixedWheel = await wheel(
    'mixed',
    `($id, 'Mixed wheel', now() - interval '1 day', 0, 2, '{"EUR": "1000"}'::jsonb)`,
    `(0, 'Nothing', 5000, 'none', '{}'::jsonb, 0::bigint), (1, '1 EUR bonus', 3000, 'bonus', '{"EUR": "100"}'::jsonb, 0::bigint),
     (2, '10 points', 2000, 'points', '{}'::jsonb, 1000::bigint)`,
  );
});
afterAll(() => t.close());

const wheels = async (auth?: string, query = '') => {
  const res = await t.call('GET', `/api/retention/wheels${query}`, auth ? { token: auth } : {});
  expect(res.status).toBe(200);
  return res.json;
};
const spin = (auth: string, id: string, body: unknown = {}) =>
  t.call('POST', `/api/retention/wheels/${id}/spin`, { token: auth, body });
const balance = async (auth: string) => {
  const res = await t.call('GET', '/api/wallet/accounts', { token: auth });
  return res.json.data.find((a: { currency: string }) => a.currency === 'EUR') as {
    realBalance: number;
    bonusBalance: number;
  };
};
async function deposit(playerId: string, accountId: string, invoiceId: string, amount: bigint) {
  await db.transaction(async (tx) => {
    await events.depositEvents()(
      tx as unknown as Db,
      {
        invoiceId,
        playerId,
        accountId,
        currency: 'EUR',
        amount,
        bonusId: null,
      } as never,
    );
  });
  await t.drain();
}

describe(`wheels (${databaseKind})`, () => {
  it('lists wheels for guests without spins, and a daily spin with its seed commitment for a player', async () => {
    const guest = await wheels(undefined, '?state[]=2&state[]=3');
    expect(guest.meta.totalRows).toBe(2);
    const cash = guest.data.find((w: { identity: string }) => w.identity === 'cash');
    expect(cash).toMatchObject({ title: 'Cash wheel', state: 3, playerSpins: [], limitRefreshAt: null, endAt: null });
    expect(cash.items).toEqual([{ id: expect.any(String), title: '2 EUR', dropRate: 100 }]);
    const p = await t.newPlayer(0);
    const mine = await wheels(p.auth, '?identity[]=cash');
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0].playerSpins).toEqual([
      { id: expect.any(String), expireAt: expect.any(String), serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect((await t.call('GET', '/api/retention/wheels?state[]=x')).status).toBe(422);
  });

  it('spins once a day: pays the prize once, then 10003 and a refresh time', async () => {
    const p = await t.newPlayer(0);
    const before = await wheels(p.auth, '?identity[]=cash');
    const committed = before.data[0].playerSpins[0].serverSeedHash;
    const res = await spin(p.auth, cashWheel);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      id: before.data[0].items[0].id,
      title: '2 EUR',
      prize: { type: 'real', amount: 2, currency: 'EUR' },
    });
    expect(res.json.data.fairness.serverSeedHash).toBe(committed);
    expect((await balance(p.auth)).realBalance).toBe(2);
    const again = await spin(p.auth, cashWheel);
    expect(again.status).toBe(400);
    expect(again.json.error.code).toBe(10003);
    expect((await balance(p.auth)).realBalance).toBe(2);
    const after = await wheels(p.auth, '?identity[]=cash');
    expect(after.data[0].playerSpins).toEqual([]);
    expect(Date.parse(after.data[0].limitRefreshAt)).toBeGreaterThan(Date.now());
    const paid = await db.execute(
      sql`select count(*)::int as n from wallet.transactions where kind = 'wheel.prize' and idempotency_key like ${`reward:wheel:%`}`,
    );
    expect((paid as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('pays a spin once when two requests race for it', async () => {
    const p = await t.newPlayer(0);
    await wheels(p.auth, '?identity[]=cash');
    const answers = await Promise.all([spin(p.auth, cashWheel), spin(p.auth, cashWheel)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect((await balance(p.auth)).realBalance).toBe(2);
  });

  it('grants spins per deposit above the minimum, once per invoice, and publishes wheel.spin.issued', async () => {
    const p = await t.newPlayer(0);
    const accounts = await t.call('GET', '/api/wallet/accounts', { token: p.auth });
    const accountId = accounts.json.data[0].id as string;
    await deposit(p.playerId, accountId, '00000000-0000-4000-8000-000000000001', 500n);
    expect((await wheels(p.auth, '?identity[]=mixed')).data[0].playerSpins).toHaveLength(0);
    await deposit(p.playerId, accountId, '00000000-0000-4000-8000-000000000002', 1000n);
    await deposit(p.playerId, accountId, '00000000-0000-4000-8000-000000000002', 1000n);
    const listed = await wheels(p.auth, '?identity[]=mixed');
    expect(listed.data[0].playerSpins).toHaveLength(2);
    expect(listed.data[0].limitRefreshAt).toBeNull();
    const issued = await t.publishedOn(`retention:wheels#${p.playerId}`);
    expect(issued).toHaveLength(1);
    expect(issued[0]!.data).toEqual({
      event: 'wheel.spin.issued',
      playerId: p.playerId,
      wheel: { id: mixedWheel, identity: 'mixed', title: 'Mixed wheel' },
      amount: 2,
    });
  });

  it("reveals a seed that matches its commitment and gives the sector shown; another player's spins stay theirs", async () => {
    const owner = await t.newPlayer(0);
    const other = await t.newPlayer(0);
    const accounts = await t.call('GET', '/api/wallet/accounts', { token: owner.auth });
    await deposit(owner.playerId, accounts.json.data[0].id, '00000000-0000-4000-8000-000000000003', 2000n);
    const listed = await wheels(owner.auth, '?identity[]=mixed');
    const hashes = listed.data[0].playerSpins.map((s: { serverSeedHash: string }) => s.serverSeedHash);
    // The other player has no spin on this wheel: the owner's are not theirs to use.
    const refused = await spin(other.auth, mixedWheel);
    expect(refused.json.error.code).toBe(10003);
    for (const clientSeed of ['lucky-seed', undefined]) {
      const res = await spin(owner.auth, mixedWheel, clientSeed ? { clientSeed } : {});
      expect(res.status).toBe(200);
      const { fairness, id } = res.json.data;
      if (clientSeed) expect(fairness.clientSeed).toBe(clientSeed);
      expect(hashes).toContain(fairness.serverSeedHash);
      expect(createHash('sha256').update(fairness.serverSeed).digest('hex')).toBe(fairness.serverSeedHash);
      const index = mod.verifySpin(mixedWeights, fairness, fairness.serverSeedHash);
      expect(listed.data[0].items[index!].id).toBe(id);
    }
    expect((await spin(owner.auth, mixedWheel)).json.error.code).toBe(10003);
    expect((await t.call('POST', `/api/retention/wheels/${mixedWheel}/spin`, { body: {} })).status).toBe(401);
    expect((await spin(owner.auth, 'not-a-uuid')).status).toBe(404);
    expect((await spin(owner.auth, '00000000-0000-4000-8000-000000000009')).status).toBe(404);
    expect((await spin(owner.auth, mixedWheel, { clientSeed: 'has space' })).status).toBe(422);
  });

  it('draws sectors close to their drop rates', () => {
    const counts = [0, 0, 0];
    for (let nonce = 0; nonce < 3000; nonce++) {
      counts[mod.pickSector(mixedWeights, { serverSeed: 'a'.repeat(64), clientSeed: 'c', nonce })]! += 1;
    }
    expect(counts[0]! / 3000).toBeGreaterThan(0.45);
    expect(counts[0]! / 3000).toBeLessThan(0.55);
    expect(counts[2]! / 3000).toBeGreaterThan(0.16);
    expect(counts[2]! / 3000).toBeLessThan(0.24);
  });
});
