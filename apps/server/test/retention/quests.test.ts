import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses } from '../../src/modules/bonus/schema.ts';
import { createQuests } from '../../src/modules/retention/quests/index.ts';
import { playerQuests, quests, questTasks } from '../../src/modules/retention/quests/schema.ts';
import { account, bonusesOf, defineBonus, newPlayer, type Player, round } from '../bonus/helpers.ts';
import { databaseKind } from '../harness.ts';
import { card, deposit, WEBHOOK_SECRET } from '../payment/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';

// Quests (issue 13 §3, api-contract §11.2): activation, progress from real seamless bets and wins and a
// sandbox deposit (through the outbox and the retention consumer), a claim that pays once, ownership,
// validation and the deadline.

let t: SeamlessTestApp;
const ids: Record<string, string> = {};

interface TaskDef {
  type: number;
  quantity: number;
  conditions: Record<string, unknown>;
}

async function defineQuest(identity: string, tasks: TaskDef[], extra: Partial<typeof quests.$inferInsert> = {}) {
  const [q] = await t.database.db
    .insert(quests)
    .values({ identity, name: `Quest ${identity}`, rewards: [{ type: 1, amounts: { EUR: '500' } }], ...extra })
    .returning();
  await t.database.db
    .insert(questTasks)
    .values(tasks.map((task, i) => ({ ...task, questId: q!.id, name: `Task ${i + 1}`, executionOrder: i + 1 })));
  ids[identity] = q!.id;
  return q!.id;
}

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
const call = (p: Player, method: 'GET' | 'PUT', url: string) => t.call(method, url, { token: p.auth }) as Promise<any>;
const activate = (p: Player, id: string) => call(p, 'PUT', `/api/retention/quests/${id}/activate`);

/** The player's quest `id` once `done` holds (the consumer applies events after commit). */
async function until(p: Player, id: string, done: (q: QuestView) => boolean): Promise<QuestView> {
  let last: QuestView | undefined;
  for (let i = 0; i < 100; i++) {
    const res = await call(p, 'GET', '/api/retention/player-quests?perPage=100');
    last = (res.json.data as QuestView[]).find((q) => q.id === id);
    if (last && done(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`quest ${id} never reached the expected state: ${JSON.stringify(last)}`);
}

interface QuestView {
  id: string;
  state: number;
  tasks: { progress: number; isCompleted: boolean; isActive: boolean; quantity: number }[];
  rewards: { type: number; amount: number; attributes: { isoCode: string; lockBalance: boolean } }[];
}

beforeAll(async () => {
  t = await createSeamlessTestApp({}, { QUESTS_ENABLED: 'true', PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET });
  await defineQuest('bets', [
    { type: 4, quantity: 3, conditions: { spinAmount: 100, currencies: [{ isoCode: 'EUR', spinAmount: 1 }] } },
  ]);
  await defineQuest(
    'wins',
    [
      { type: 3, quantity: 1, conditions: { currencies: [] } },
      { type: 3, quantity: 1, conditions: { multiplier: 3, currencies: [] } },
    ],
    { taskExecutionOrder: 2, rewards: [{ type: 1, amounts: { EUR: '250' }, lockBalance: true }] },
  );
  await defineQuest('deposit', [
    { type: 6, quantity: 1, conditions: { currencies: [{ isoCode: 'EUR', minAmount: 20 }] } },
  ]);
  await defineQuest('profile', [{ type: 2, quantity: 2, conditions: { fields: ['firstName', 'city'] } }]);
  await defineQuest('short', [{ type: 4, quantity: 1, conditions: { currencies: [] } }], { durationMinutes: 60 });
});
afterAll(() => t.close());

describe(`quests (${databaseKind})`, () => {
  it('lists the quests to start with their tasks, currencies and rewards in the asked currency', async () => {
    const p = await newPlayer(t, 0);
    const res = await call(p, 'GET', '/api/retention/quests?perPage=10&currency=EUR');
    expect(res.status).toBe(200);
    expect(res.json.meta).toMatchObject({ page: 1, perPage: 10, totalRows: 5 });
    const bets = res.json.data.find((q: { identity: string }) => q.identity === 'bets');
    expect(bets).toMatchObject({
      id: ids.bets,
      state: 1,
      taskExecutionOrder: 1,
      rewards: [{ type: 1, amount: 5, attributes: { isoCode: 'EUR', lockBalance: false } }],
      tasks: [{ type: 4, progress: 0, quantity: 3, isActive: true, isCompleted: false }],
    });
    expect(bets.tasks[0].conditions.currencies).toEqual([{ isoCode: 'EUR', spinAmount: 1 }]);
    expect((await call(p, 'GET', '/api/retention/quests?perPage=2')).json.meta).toMatchObject({ totalPages: 3 });
  });

  it('counts real seamless bets that meet the stake, completes the quest, and a claim pays exactly once', async () => {
    const p = await newPlayer(t, 100);
    const started = await activate(p, ids.bets!);
    expect(started.status).toBe(200);
    expect(started.json.data).toMatchObject({ state: 2, identity: 'bets' });
    const id = started.json.data.id as string;
    expect((await activate(p, ids.bets!)).json.data.id).toBe(id);
    const available = await call(p, 'GET', '/api/retention/quests?perPage=10');
    expect(available.json.data.map((q: { identity: string }) => q.identity)).not.toContain('bets');

    await round(t, p, '0.50', '0');
    await round(t, p, '1.00', '0');
    await round(t, p, '2.00', '1.00');
    expect((await until(p, id, (q) => q.tasks[0]!.progress === 2)).state).toBe(2);
    await round(t, p, '1.00', '0');
    const done = await until(p, id, (q) => q.state === 3);
    expect(done.tasks[0]).toMatchObject({ progress: 3, isCompleted: true });

    const before = (await account(t, p)).realBalance;
    const claims = await Promise.all([activate(p, id), activate(p, ids.bets!)]);
    expect(claims.map((c) => c.status)).toEqual([200, 200]);
    expect(claims.map((c) => c.json.data.state)).toEqual([4, 4]);
    expect((await activate(p, id)).json.data.state).toBe(4);
    expect((await account(t, p)).realBalance).toBeCloseTo(before + 5, 6);
    const claimed = await call(p, 'GET', '/api/retention/player-quests?state[]=3&state[]=4');
    expect(claimed.json.data.map((q: { id: string }) => q.id)).toEqual([id]);

    const events = (await t.published(`retention:quests#${p.playerId}`)).map((m) => m.event);
    expect(events.filter((e) => e === 'quest.task.updated')).toHaveLength(3);
    expect(events.filter((e) => e === 'quest.updated')).toHaveLength(3);
  });

  it('runs sequential win tasks in order, the multiplier from the round stake, and pays the bonus part', async () => {
    const p = await newPlayer(t, 100);
    const id = (await activate(p, ids.wins!)).json.data.id as string;
    const fresh = await until(p, id, () => true);
    expect(fresh.tasks.map((x) => x.isActive)).toEqual([true, false]);
    await round(t, p, '1.00', '0');
    await round(t, p, '1.00', '5.00');
    const first = await until(p, id, (q) => q.tasks[0]!.isCompleted);
    // One win moves one task of a sequential quest: the 5× win finished the first, not the second.
    expect(first.tasks.map((x) => x.progress)).toEqual([1, 0]);
    expect(first.tasks[1]!.isActive).toBe(true);
    await round(t, p, '2.00', '4.00');
    await round(t, p, '1.00', '3.00');
    await until(p, id, (q) => q.state === 3);
    const bonusBefore = (await account(t, p)).bonusBalance;
    expect((await activate(p, id)).json.data.state).toBe(4);
    expect((await account(t, p)).bonusBalance).toBeCloseTo(bonusBefore + 2.5, 6);
  });

  it('a reward that is a bonus definition is issued once through the bonus engine and listed', async () => {
    const bonusId = await defineBonus(t, { identity: `quest-cash-${Date.now()}`, amount: 6_00n, wager: '2' });
    const questId = await defineQuest(
      `bonus-reward-${Date.now()}`,
      [{ type: 4, quantity: 1, conditions: { currencies: [] } }],
      { rewards: [{ type: 2, amounts: { EUR: '150' }, bonusId }] },
    );
    const p = await newPlayer(t, 100);
    const id = (await activate(p, questId)).json.data.id as string;
    await round(t, p, '1.00', '0');
    await until(p, id, (q) => q.state === 3);
    const claims = await Promise.all([activate(p, id), activate(p, id)]);
    expect(claims.map((c) => c.status)).toEqual([200, 200]);
    expect((await activate(p, id)).json.data.state).toBe(4);
    const listed = await bonusesOf(t, p);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: 2 });
    expect((await account(t, p)).bonusBalance).toBeCloseTo(1.5, 6);
  });

  const spinsReward = async (bets: Record<string, string>) => {
    const [spins] = await t.database.db
      .insert(bonuses)
      .values({
        identity: `quest-spins-${Date.now()}-${Object.keys(bets).join()}`,
        name: 'Free spins',
        kind: 'freespins',
        amounts: bets,
        freeSpinGame: 'slot-1',
        freeSpinCount: 3,
        wagerMultiplier: '20',
      })
      .returning();
    const questId = await defineQuest(
      `spins-reward-${Date.now()}-${Object.keys(bets).join()}`,
      [{ type: 4, quantity: 1, conditions: { currencies: [] } }],
      { rewards: [{ type: 3, amounts: {}, bonusId: spins!.id }] },
    );
    const p = await newPlayer(t, 100);
    const id = (await activate(p, questId)).json.data.id as string;
    await round(t, p, '1.00', '0');
    await until(p, id, (q) => q.state === 3);
    return { p, id };
  };
  const freeSpinsOf = async (p: Player) =>
    (await call(p, 'GET', '/api/game/player-freespins')).json.data as { status: number; count: number }[];

  it('a free-spin reward is issued once through the bonus index, however often it is claimed, and listed', async () => {
    const { p, id } = await spinsReward({ EUR: '10' });
    const claims = await Promise.all([activate(p, id), activate(p, id)]);
    expect(claims.map((c) => c.status)).toEqual([200, 200]);
    expect((await activate(p, id)).json.data.state).toBe(4);
    const key = `quest:${id}:0`;
    const issued = await t.database.db.execute(
      sql`select count(*)::int as n from bonus.player_freespins where issue_key = ${key}`,
    );
    expect((issued as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    const listed = await freeSpinsOf(p);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: 2, count: 3, gameId: 'slot-1', currency: 'EUR' });
    expect(await bonusesOf(t, p)).toHaveLength(0);
    expect((await account(t, p)).bonusBalance).toBe(0);
  });

  it('refuses to claim free spins not offered in the quest currency (409); the quest stays claimable', async () => {
    const { p, id } = await spinsReward({ USD: '10' });
    const claim = await activate(p, id);
    expect(claim.status).toBe(409);
    expect((await until(p, id, () => true)).state).toBe(3);
    expect(await freeSpinsOf(p)).toHaveLength(0);
    expect((await account(t, p)).bonusBalance).toBe(0);
  });

  it('counts a sandbox card deposit in range', async () => {
    const p = await newPlayer(t, 0);
    const token = { token: p.auth };
    const accounts = (await t.call('GET', '/api/wallet/accounts', token)).json.data as { id: string }[];
    const payer = { token: p.auth, playerId: p.playerId, accountId: accounts[0]!.id };
    const id = (await activate(p, ids.deposit!)).json.data.id as string;
    expect((await deposit(t, payer, card('4242 4242 4242 4242', 10))).status).toBe(200);
    expect((await deposit(t, payer, card('4242 4242 4242 4242', 25))).status).toBe(200);
    const done = await until(p, id, (q) => q.state === 3);
    expect(done.tasks[0]!.progress).toBe(1);
  });

  it('counts profile fields at activation and when the profile is saved', async () => {
    const p = await newPlayer(t, 0);
    const put = (body: object) => t.call('PUT', '/api/player/profile', { token: p.auth, body });
    expect((await put({ firstName: 'Ada' })).status).toBe(200);
    const id = (await activate(p, ids.profile!)).json.data.id as string;
    expect((await until(p, id, () => true)).tasks[0]!.progress).toBe(1);
    expect((await put({ city: 'London' })).status).toBe(200);
    expect((await until(p, id, (q) => q.state === 3)).tasks[0]!.progress).toBe(2);
  });

  it("answers 404 for another player's quest, 409 for cancelling a finished one, and cancels an active one", async () => {
    const owner = await newPlayer(t, 0);
    const other = await newPlayer(t, 0);
    const id = (await activate(owner, ids.short!)).json.data.id as string;
    expect((await activate(other, id)).status).toBe(404);
    expect((await call(other, 'PUT', `/api/retention/player-quests/${id}/cancel`)).status).toBe(404);
    expect((await call(other, 'PUT', `/api/retention/player-quests/${ids.short}/cancel`)).status).toBe(404);
    const cancelled = await call(owner, 'PUT', `/api/retention/player-quests/${id}/cancel`);
    expect(cancelled.json.data.state).toBe(6);
    expect((await call(owner, 'PUT', `/api/retention/player-quests/${id}/cancel`)).json.data.state).toBe(6);
    // Cancelled: the quest can be started again.
    const again = (await activate(owner, ids.short!)).json.data;
    expect(again).toMatchObject({ state: 2 });
    expect(again.id).not.toBe(id);
    // A profile already filled in completes the profile quest at activation: completed, it cannot be cancelled.
    const profile = { token: owner.auth, body: { firstName: 'Grace', city: 'Arlington' } };
    expect((await t.call('PUT', '/api/player/profile', profile)).status).toBe(200);
    const finished = (await activate(owner, ids.profile!)).json.data;
    expect(finished.state).toBe(3);
    expect((await call(owner, 'PUT', `/api/retention/player-quests/${finished.id}/cancel`)).status).toBe(409);
  });

  it('refuses bad input: 422 on queries, 404 on ids that are not uuids or unknown', async () => {
    const p = await newPlayer(t, 0);
    for (const q of ['state[]=9', 'state[]=x', 'currency=eur', 'perPage=0', 'page=-1']) {
      const res = await call(p, 'GET', `/api/retention/player-quests?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.json.error.code).toBe(3);
    }
    expect((await call(p, 'GET', '/api/retention/quests?perPage=500')).status).toBe(422);
    expect((await activate(p, 'nope')).status).toBe(404);
    expect((await activate(p, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.call('GET', '/api/retention/quests')).status).toBe(401);
  });

  it('expires an active quest at its end through the deadline job; later bets do not count', async () => {
    const p = await newPlayer(t, 100);
    const started = (await activate(p, ids.short!)).json.data;
    expect(Date.parse(started.endAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    const queued = await t.database.db.execute(
      sql`select count(*)::int as n from jobs.job where name = 'retention-quest-expiry' and data->>'playerQuestId' = ${started.id}`,
    );
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    const { deps } = createQuests({ db: t.database.db, send: async () => null });
    expect(await deps.expiry.handle({ playerQuestId: started.id }, { id: 'x' })).toBeUndefined();
    expect((await until(p, started.id, () => true)).state).toBe(2);
    await t.database.db
      .update(playerQuests)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(sql`${playerQuests.id} = ${started.id}`);
    const { expirePlayerQuest } = await import('../../src/modules/retention/quests/index.ts');
    expect(await expirePlayerQuest(deps, { playerQuestId: started.id })).toBe(true);
    expect(await expirePlayerQuest(deps, { playerQuestId: started.id })).toBe(false);
    await round(t, p, '1.00', '0');
    await new Promise((r) => setTimeout(r, 300));
    const expired = await call(p, 'GET', '/api/retention/player-quests?state[]=5&state[]=6');
    expect(expired.json.data).toMatchObject([{ id: started.id, state: 5, tasks: [{ progress: 0 }] }]);
  });
});
