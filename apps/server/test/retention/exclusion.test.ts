import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBonusModule, payCashback, weekStartOf } from '../../src/modules/bonus/index.ts';
import { bonuses } from '../../src/modules/bonus/schema.ts';
import type { PlayerModule } from '../../src/modules/player/index.ts';
import { quests, questTasks } from '../../src/modules/retention/quests/schema.ts';
import { createRiskModule } from '../../src/modules/risk/index.ts';
import { withTransaction } from '../../src/modules/wallet/index.ts';
import { account, applyCode, bonusesOf, defineBonus, newPlayer, type Player, round } from '../bonus/helpers.ts';
import { databaseKind } from '../harness.ts';
import { DAY, testClock } from '../risk/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { play, running, tournament } from './tournaments-helpers.ts';

// Issue 23 finding 6: during a cooling-off the daily wheel spun (a prize paid) and a quest activated.
// One exclusion check (decision 0092) now refuses every way to gain value during a cooling-off, a
// self-exclusion or a block (player status): the wheel, quests (start and claim), tournaments (taking part,
// and the prize at the end, forfeited), bonus claims and cashback. It fails closed.

let t: SeamlessTestApp;
const clock = testClock();
let wheelId: string;
let profileQuest: string;
let betsQuest: string;

async function defineQuest(identity: string, task: Record<string, unknown>) {
  const [q] = await t.database.db
    .insert(quests)
    .values({ identity, name: identity, rewards: [{ type: 1, amounts: { EUR: '500' } }] })
    .returning();
  await t.database.db.insert(questTasks).values({ ...task, questId: q!.id, name: 'Task', executionOrder: 1 } as never);
  return q!.id;
}

beforeAll(async () => {
  t = await createSeamlessTestApp({ riskClock: clock.now }, { QUESTS_ENABLED: 'true' });
  const db = t.database.db;
  const [wheel] = (
    (await db.execute(
      sql`insert into retention.wheels (identity, title, start_at, daily_spins, deposit_spins, deposit_min)
          values ('exclusion', 'Daily wheel', now() - interval '1 day', 1, 0, '{}'::jsonb) returning id`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  wheelId = wheel!.id;
  await db.execute(
    sql`insert into retention.wheel_sectors (wheel_id, position, title, weight, prize_type, amounts, points)
        values (${wheelId}, 0, '0.50 EUR', 10000, 'real', '{"EUR": "50"}'::jsonb, 0)`,
  );
  profileQuest = await defineQuest('exclusion-profile', {
    type: 2,
    quantity: 2,
    conditions: { fields: ['firstName', 'city'] },
  });
  betsQuest = await defineQuest('exclusion-bets', { type: 4, quantity: 1, conditions: { currencies: [] } });
}, 120_000);
afterAll(() => t.close(), 60_000);

const coolOff = async (p: Player) =>
  expect(
    (await t.call('POST', '/api/player/limits', { token: p.auth, body: { definition: 5, period: '24h' } })).status,
  ).toBe(200);
const spin = (p: Player) => t.call('POST', `/api/retention/wheels/${wheelId}/spin`, { token: p.auth, body: {} });
const activate = (p: Player, id: string) => t.call('PUT', `/api/retention/quests/${id}/activate`, { token: p.auth });
const participate = (p: Player, id: string) =>
  t.call('POST', `/api/retention/tournaments/${id}/participate`, { token: p.auth });

/** The risk module's own check on the test's database (the app's is not reachable from here). */
const riskCheck = () =>
  createRiskModule({
    db: t.database.db,
    player: { onSignIn() {}, deps: {} } as unknown as PlayerModule,
    now: clock.now,
  }).assertMayGainValue;

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe(`one exclusion check for every way to gain value (${databaseKind})`, { timeout: 120_000 }, () => {
  it('during a cooling-off: no wheel spin, no quest start or claim, no tournament entry, no bonus code', async () => {
    const p = await newPlayer(t, 10);
    const filled = { token: p.auth, body: { firstName: 'Grace', city: 'Arlington' } };
    expect((await t.call('PUT', '/api/player/profile', filled)).status).toBe(200);
    // Completed at once (its profile is filled): a reward to claim.
    const completed = (await activate(p, profileQuest)).json.data;
    expect(completed.state).toBe(3);
    const upcoming = await running(t, { confirmationRequired: true, prizes: [] });
    await defineBonus(t, { identity: `exclusion-code-${Date.now()}`, code: 'EXCLUDED5' });
    await coolOff(p);

    const spun = await spin(p);
    expect(spun.status).toBe(409);
    expect(spun.json.error.message).toMatch(/cooling off/);
    expect((await activate(p, betsQuest)).status).toBe(409);
    expect((await activate(p, completed.id)).status).toBe(409);
    expect((await participate(p, upcoming.id)).status).toBe(409);
    expect((await applyCode(t, p, 'EXCLUDED5')).status).toBe(409);
    expect(await account(t, p)).toMatchObject({ realBalance: 10, bonusBalance: 0 });
    expect(await bonusesOf(t, p)).toEqual([]);

    // Once the cooling-off is over the spin was kept and the reward still waits.
    clock.advance(DAY + 60_000);
    expect((await spin(p)).status).toBe(200);
    expect((await activate(p, completed.id)).json.data.state).toBe(4);
    expect(await account(t, p)).toMatchObject({ realBalance: 15.5 });
  });

  it('a tournament winner excluded at the end keeps the place and forfeits the prize', async () => {
    const a = await newPlayer(t, 100);
    const b = await newPlayer(t, 100);
    const row = await running(t, { endAt: new Date(Date.now() + 5000) });
    await play(t, a.game, '5.00', '0');
    await play(t, b.game, '3.00', '0');
    await coolOff(a);
    await t.app.outbox.drain();
    const done = await until(
      () => tournament(t, row.id),
      (x) => x.state === 4 && x.prizes[0]?.entry !== undefined,
    );
    // The end job ran on the app's queue with the app's check: a's place stays, unpaid; b is paid.
    expect(done.prizes).toMatchObject([
      { place: 1, entry: { playerId: a.playerId, points: 5, updatedAt: null } },
      { place: 2, entry: { playerId: b.playerId, points: 3 } },
    ]);
    expect(done.prizes[1].entry.updatedAt).not.toBeNull();
    expect(await account(t, a)).toMatchObject({ realBalance: 95, bonusBalance: 0 });
    expect(await account(t, b)).toMatchObject({ realBalance: 97, bonusBalance: 5 });
  });

  it("a player excluded when cashback is paid forfeits the week's cashback; the others are paid", async () => {
    await t.database.db.insert(bonuses).values({
      identity: `exclusion-cashback-${Date.now()}`,
      name: 'Cashback 10%',
      kind: 'cashback',
      depositPercentage: 10,
      wagerMultiplier: '1',
      reusable: true,
    });
    const excluded = await newPlayer(t, 50);
    const blocked = await newPlayer(t, 50);
    const other = await newPlayer(t, 50);
    for (const p of [excluded, blocked, other]) await round(t, p, '20.00', '0');
    await coolOff(excluded);
    // A block by the operator (the player's status; the player cannot sign in, but jobs still pay).
    await t.database.db.execute(sql`update player.players set status = 3 where id = ${blocked.playerId}`);
    const bonus = createBonusModule({ db: t.database.db, send: async () => null, mayClaim: riskCheck() });
    await payCashback(bonus.deps, { week: weekStartOf(new Date()).toISOString() });
    const issued = await t.database.db.execute(
      sql`select player_id from bonus.player_bonuses where player_id in (${excluded.playerId}, ${blocked.playerId})`,
    );
    expect((issued as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(await bonusesOf(t, other)).toMatchObject([{ amount: 2, bonusType: 3 }]);
  });

  it('a deposit that settles during a cooling-off issues no deposit bonus; the attached code waits', async () => {
    const p = await newPlayer(t, 0);
    await defineBonus(t, {
      identity: `exclusion-deposit-${Date.now()}`,
      kind: 'deposit',
      code: 'EXCLDEP',
      triggers: [3],
    });
    // Attached before the cooling-off, to the next deposit (trigger 3).
    expect((await applyCode(t, p, 'EXCLDEP', 3)).json.data).toMatchObject({ status: 1 });
    await coolOff(p);
    const bonus = createBonusModule({ db: t.database.db, send: async () => null, mayClaim: riskCheck() });
    const accountId = (await t.call('GET', '/api/wallet/accounts', { token: p.auth })).json.data[0].id as string;
    const settled = {
      invoiceId: randomUUID(),
      playerId: p.playerId,
      accountId,
      currency: 'EUR',
      amount: 20_00n,
      bonusId: null,
      declined: false,
    };
    await withTransaction(t.database.db, (tx) => bonus.onDeposit(tx, settled));
    expect(await bonusesOf(t, p)).toEqual([]);
    const codes = await t.database.db.execute(
      sql`select code, status from bonus.player_bonus_codes where player_id = ${p.playerId}`,
    );
    expect((codes as unknown as { rows: unknown[] }).rows).toEqual([{ code: 'EXCLDEP', status: 1 }]);
  });

  it('fails closed: a player it cannot find, or of any status but active or deposits-restricted, is refused', async () => {
    const check = riskCheck();
    await expect(check(randomUUID())).rejects.toMatchObject({ status: 409 });
    const p = await newPlayer(t, 0);
    await expect(check(p.playerId)).resolves.toBeUndefined();
    for (const status of [2, 3, 4, 5]) {
      await t.database.db.execute(sql`update player.players set status = ${status} where id = ${p.playerId}`);
      if (status === 2) await expect(check(p.playerId)).resolves.toBeUndefined();
      else await expect(check(p.playerId)).rejects.toMatchObject({ status: 409 });
    }
  });
});
