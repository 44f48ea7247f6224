import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerQuests, quests, questTasks } from '../../src/modules/retention/quests/schema.ts';
import { newPlayer } from '../bonus/helpers.ts';
import { databaseKind } from '../harness.ts';
import { createRollbackTestApp, newRound, type RollbackTestApp } from './rollback-helpers.ts';

// Issue 23 finding 4 (decision 0093): a quest completed on bets that were all rolled back paid its reward.
// A rollback takes back exactly the progress its bet gave, a completed quest below target is active again,
// and a reward waits until the bets it rests on can no longer be rolled back.

let t: RollbackTestApp;

async function defineQuest(identity: string, quantity: number, reward = '1500') {
  const [q] = await t.database.db
    .insert(quests)
    .values({ identity, name: identity, rewards: [{ type: 1, amounts: { EUR: reward } }] })
    .returning();
  await t.database.db.insert(questTasks).values({
    questId: q!.id,
    name: 'Bets of 1 EUR or more',
    type: 4,
    quantity,
    executionOrder: 1,
    conditions: { spinAmount: 100, currencies: [{ isoCode: 'EUR', spinAmount: 1 }] },
  });
  return q!.id;
}

async function player(funds = 100): Promise<Player> {
  const p = await newPlayer(t, funds);
  return { ...p, token: p.game };
}

type Player = Awaited<ReturnType<typeof newPlayer>> & { token: string };

const activate = (p: Player, id: string) => t.call('PUT', `/api/retention/quests/${id}/activate`, { token: p.auth });

async function runOf(p: Player, id: string) {
  await t.drain();
  const res = await t.call('GET', '/api/retention/player-quests?perPage=100', { token: p.auth });
  return (res.json.data as { id: string; state: number; tasks: { progress: number; isCompleted: boolean }[] }[]).find(
    (q) => q.id === id,
  )!;
}

async function realBalance(p: Player) {
  const res = await t.call('GET', '/api/wallet/accounts', { token: p.auth });
  return (res.json.data as { currency: string; realBalance: number }[]).find((a) => a.currency === 'EUR')!.realBalance;
}

beforeAll(async () => {
  t = await createRollbackTestApp({ QUESTS_ENABLED: 'true' });
});
afterAll(() => t.close());

describe(`quest progress follows rollbacks (${databaseKind})`, () => {
  it('finding 4: twenty bets all rolled back leave the quest at 0/20, and nothing is paid', async () => {
    const quest = await defineQuest('high-roller-day', 20);
    const p = await player();
    const run = (await activate(p, quest)).json.data.id as string;
    for (let i = 0; i < 20; i++) {
      const round = newRound();
      const bet = await t.bet(p.token, round, '1.00');
      await t.drain();
      await t.rollback(p.token, round, bet);
    }
    const after = await runOf(p, run);
    expect(after.tasks[0]!.progress).toBe(0);
    expect(after.state).toBe(2);
    const claim = await activate(p, run);
    expect(claim.json.data.state).toBe(2);
    expect(await realBalance(p)).toBe(100);
  });

  it('a completed, unclaimed quest whose bet is rolled back is active again; a new bet completes it', async () => {
    const quest = await defineQuest('three-bets', 3, '500');
    const p = await player();
    const run = (await activate(p, quest)).json.data.id as string;
    const rounds = [newRound(), newRound(), newRound()];
    const bets = [];
    for (const r of rounds) bets.push(await t.bet(p.token, r, '1.00'));
    expect((await runOf(p, run)).state).toBe(3);
    await t.rollback(p.token, rounds[1]!, bets[1]!);
    const back = await runOf(p, run);
    expect(back.state).toBe(2);
    expect(back.tasks[0]).toMatchObject({ progress: 2, isCompleted: false });
    expect((await activate(p, run)).json.data.state).toBe(2);
    // A second delivery of the same rollback (a provider's retry) takes nothing more.
    await t.rollback(p.token, rounds[1]!, bets[1]!);
    expect((await runOf(p, run)).tasks[0]!.progress).toBe(2);
    const fourth = newRound();
    await t.bet(p.token, fourth, '2.00');
    expect((await runOf(p, run)).state).toBe(3);
    for (const r of [rounds[0]!, rounds[2]!, fourth]) await t.settle(p.token, r);
    await t.drain();
    const claimed = await activate(p, run);
    expect(claimed.json.data.state).toBe(4);
    expect(await realBalance(p)).toBe(100 - 4 + 5);
  });

  it('a reward waits while a bet it rests on can still be rolled back, then pays once', async () => {
    const quest = await defineQuest('open-rounds', 2, '500');
    const p = await player();
    const run = (await activate(p, quest)).json.data.id as string;
    const [a, b] = [newRound(), newRound()];
    await t.bet(p.token, a, '1.00');
    const betB = await t.bet(p.token, b, '1.00');
    expect((await runOf(p, run)).state).toBe(3);
    await t.settle(p.token, a, '0.50');
    await t.drain();
    const early = await activate(p, run);
    expect(early.status).toBe(409);
    expect(await realBalance(p)).toBe(98.5);
    await t.settle(p.token, b);
    await t.drain();
    const claims = await Promise.all([activate(p, run), activate(p, run)]);
    expect(claims.map((c) => c.json.data.state)).toEqual([4, 4]);
    expect(await realBalance(p)).toBe(98.5 + 5);
    // Once the reward is paid its bets are final: the wallet refuses to cancel a bet of a decided round.
    const late = await t.seamless('rollback', {
      token: p.token,
      transactionId: `${b}:late-rb`,
      rollbackTransactionId: betB,
      roundId: b,
    });
    expect(late.json.status).toBe('ERROR');
  });

  it('a completed quest past its end whose bet is rolled back expires instead of reopening', async () => {
    const quest = await defineQuest('past-end', 1, '500');
    const p = await player();
    const run = (await activate(p, quest)).json.data.id as string;
    const round = newRound();
    const bet = await t.bet(p.token, round, '1.00');
    expect((await runOf(p, run)).state).toBe(3);
    await t.database.db
      .update(playerQuests)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(playerQuests.id, run));
    await t.rollback(p.token, round, bet);
    const after = await runOf(p, run);
    expect(after.state).toBe(5);
    expect(after.tasks[0]!.progress).toBe(0);
  });

  it('a rolled back bet that did not count, next to one that did, takes nothing back', async () => {
    const quest = await defineQuest('counted-only', 5, '500');
    const p = await player();
    const run = (await activate(p, quest)).json.data.id as string;
    const round = newRound();
    await t.bet(p.token, round, '1.00');
    const small = await t.bet(p.token, round, '0.50');
    expect((await runOf(p, run)).tasks[0]!.progress).toBe(1);
    await t.rollback(p.token, round, small);
    expect((await runOf(p, run)).tasks[0]!.progress).toBe(1);
  });
});
