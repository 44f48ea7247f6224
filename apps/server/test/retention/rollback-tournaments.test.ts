import { TournamentType } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createRollbackTestApp, newRound, type RollbackTestApp } from './rollback-helpers.ts';
import { running, tournament } from './tournaments-helpers.ts';

// Tournament points follow rollbacks exactly (decision 0093): a cancelled bet takes back what it brought
// (its points, its share of the round's stake), never what another bet of its round brought.

let t: RollbackTestApp;

beforeAll(async () => {
  t = await createRollbackTestApp();
});
afterAll(() => t.close());

const pointsOf = async (identity: string, playerId: string) => {
  await t.drain();
  const board = (await tournament(t, identity)).leaderboard as { playerId: string; points: number }[];
  return board.find((e) => e.playerId === playerId)?.points ?? 0;
};

describe(`tournament points follow rollbacks (${databaseKind})`, () => {
  it('a cancelled bet that never counted (above the max stake) takes nothing from its round', async () => {
    const capped = await running(t, { conditions: { maxAmount: 5 } });
    const p = await t.newPlayer('100.00');
    const round = newRound();
    await t.bet(p.token, round, '2.00');
    const big = await t.bet(p.token, round, '10.00');
    expect(await pointsOf(capped.identity, p.playerId)).toBe(2);
    await t.rollback(p.token, round, big);
    expect(await pointsOf(capped.identity, p.playerId)).toBe(2);
  });

  it('a cancelled bet takes back its own points, once, and its stake from a multiplier round', async () => {
    const stake = await running(t);
    const multi = await running(t, { type: TournamentType.multiplier, conditions: { maxAmount: 5 } });
    const p = await t.newPlayer('100.00');
    const round = newRound();
    await t.bet(p.token, round, '1.00');
    const second = await t.bet(p.token, round, '3.00');
    const big = await t.bet(p.token, round, '10.00');
    expect(await pointsOf(stake.identity, p.playerId)).toBe(14);
    await t.rollback(p.token, round, second);
    await t.rollback(p.token, round, second);
    await t.rollback(p.token, round, big);
    expect(await pointsOf(stake.identity, p.playerId)).toBe(1);
    // The round's counted stake is the 1.00 left: a 3.00 payout is ×3.
    await t.settle(p.token, round, '3.00');
    expect(await pointsOf(multi.identity, p.playerId)).toBe(3);
  });
});
