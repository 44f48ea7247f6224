import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@croupier/contracts';
import { BetStatus } from '@croupier/contracts/reference/index';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betStatusOf, coefficientOf } from '../../src/modules/game/history.ts';
import { databaseKind } from '../harness.ts';
import { createGameTestApp, type GameTestApp } from './helpers.ts';

let t: GameTestApp;
let a: { playerId: string; token: string; email: string };
let b: { playerId: string; token: string; email: string };
const rounds: Record<string, string> = {};

const launch = async (token: string, game = 'neon-fruits') => {
  const res = await t.call('POST', `/api/game/games/${game}/play`, {
    token,
    body: { lobbyUrl: '/', locale: 'en', platform: 2, demoMode: false },
  });
  if (res.status !== 200) throw new Error(`play failed: ${JSON.stringify(res.json)}`);
  return res.json.data.token as string;
};
const pause = () => new Promise((r) => setTimeout(r, 5));

beforeAll(async () => {
  t = await createGameTestApp();
  a = await t.newPlayer(100);
  b = await t.newPlayer(100);
  const neon = await launch(a.token);
  const dice = await launch(a.token, 'dice');
  rounds.won = await t.round(neon, '1.00', '2.50');
  await pause();
  rounds.lost = await t.round(neon, '2.00', '0');
  await pause();
  rounds.third = await t.round(dice, '3.00', '1.00');
  await pause();
  // A rolled-back round: its only bet cancelled.
  rounds.refunded = `r-${randomUUID()}`;
  const betTx = `b-${randomUUID()}`;
  await t.studio('bet', {
    token: neon,
    transactionId: betTx,
    roundId: rounds.refunded,
    amount: '5.00',
    currency: 'EUR',
  });
  const rb = await t.studio('rollback', {
    token: neon,
    transactionId: `rb-${randomUUID()}`,
    rollbackTransactionId: betTx,
    roundId: rounds.refunded,
  });
  if (rb.status !== 200) throw new Error(`rollback failed: ${JSON.stringify(rb.json)}`);
  await pause();
  // A round of a game the catalogue does not know keeps its id as the name.
  rounds.unknown = await t.round(neon, '1.00', '4.00', 'retired-game');
  await pause();
  rounds.open = await t.round(neon, '0.50', null);
  // B wins once, with a nickname.
  await t.database.db.execute(sql`update player.players set nickname = 'Lucky B' where id = ${b.playerId}`);
  await pause();
  rounds.bWon = await t.round(await launch(b.token, 'plinko'), '10.00', '25.55');
});
afterAll(() => t.close());

describe(`game history (${databaseKind})`, () => {
  it('maps round status and coefficient', () => {
    expect(betStatusOf({ status: 'open', winTotal: 0n })).toBe(BetStatus.open);
    expect(betStatusOf({ status: 'settled', winTotal: 1n })).toBe(BetStatus.won);
    expect(betStatusOf({ status: 'settled', winTotal: 0n })).toBe(BetStatus.lost);
    expect(betStatusOf({ status: 'rolled_back', winTotal: 0n })).toBe(BetStatus.refunded);
    expect(coefficientOf(300n, 100n)).toBe(0.33);
    expect(coefficientOf(300n, 200n)).toBe(0.67);
    expect(coefficientOf(100n, 250n)).toBe(2.5);
    expect(coefficientOf(0n, 250n)).toBe(0);
  });

  it("lists the player's settled and rolled-back bets newest first, with exact major amounts", async () => {
    const res = await t.call('GET', '/api/game/bets', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json.meta).toEqual({ page: 1, perPage: 10, totalPages: 1, totalRows: 5 });
    expect(res.json.data.map((x: { roundId: string }) => x.roundId)).toEqual([
      rounds.unknown,
      rounds.refunded,
      rounds.third,
      rounds.lost,
      rounds.won,
    ]);
    const [unknown, refunded, third, lost, won] = res.json.data;
    expect(won).toEqual({
      id: `croupier-studio:${rounds.won}`,
      gameId: 'neon-fruits',
      roundId: rounds.won,
      game: 'Neon Fruits',
      amount: 1,
      payout: 2.5,
      currency: 'EUR',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      status: BetStatus.won,
      coefficient: 2.5,
      ticketType: 0,
      items: [],
    });
    expect(lost).toMatchObject({ amount: 2, payout: 0, status: BetStatus.lost, coefficient: 0 });
    expect(third).toMatchObject({ game: 'Dice', gameId: 'dice', amount: 3, payout: 1, coefficient: 0.33 });
    expect(refunded).toMatchObject({ amount: 0, payout: 0, status: BetStatus.refunded });
    expect(unknown).toMatchObject({ game: 'retired-game', gameId: 'retired-game', coefficient: 4 });

    const open = await t.call('GET', '/api/game/bets?isSettled=false', { token: a.token });
    expect(open.json.data).toEqual([
      expect.objectContaining({ roundId: rounds.open, status: BetStatus.open, amount: 0.5 }),
    ]);
    expect(open.json.meta.totalRows).toBe(1);

    const page = await t.call('GET', '/api/game/bets?page=2&perPage=2', { token: a.token });
    expect(page.json.data.map((x: { roundId: string }) => x.roundId)).toEqual([rounds.third, rounds.lost]);
    expect(page.json.meta).toEqual({ page: 2, perPage: 2, totalPages: 3, totalRows: 5 });
  });

  it("keeps each player's history to themselves", async () => {
    const res = await t.call('GET', '/api/game/bets', { token: b.token });
    expect(res.json.data.map((x: { roundId: string }) => x.roundId)).toEqual([rounds.bWon]);
    const fresh = await t.newPlayer(0);
    expect((await t.call('GET', '/api/game/bets', { token: fresh.token })).json).toEqual({
      data: [],
      meta: { page: 1, perPage: 10, totalPages: 1, totalRows: 0 },
    });
    expect((await t.call('GET', '/api/game/spins', { token: fresh.token })).json.data).toEqual([]);
  });

  it('lists spins: settled rounds only, newest first, paginated', async () => {
    const res = await t.call('GET', '/api/game/spins', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.json.data.map((x: { id: string }) => x.id)).toEqual(
      [rounds.unknown, rounds.third, rounds.lost, rounds.won].map((r) => `croupier-studio:${r}`),
    );
    expect(res.json.data[3]).toEqual({
      id: `croupier-studio:${rounds.won}`,
      game: 'Neon Fruits',
      gameIdentity: 'neon-fruits',
      amount: 1,
      payout: 2.5,
      currency: 'EUR',
      createdAt: expect.any(String),
    });
    const page = await t.call('GET', '/api/game/spins?perPage=3&page=2', { token: a.token });
    expect(page.json.data).toHaveLength(1);
    expect(page.json.meta).toEqual({ page: 2, perPage: 3, totalPages: 2, totalRows: 4 });
  });

  it('lists winners for guests: rounds paying more than staked, newest first, public names only', async () => {
    const res = await t.call('GET', '/api/game/spins/winners');
    expect(res.status).toBe(200);
    const local = a.email.split('@')[0]!;
    expect(res.json.data).toEqual([
      {
        nickname: 'Lucky B',
        amount: 10,
        payout: 25.55,
        currency: 'EUR',
        gameId: 'plinko',
        gameName: 'Plinko',
        isDemoMode: true,
        gameImages: {
          '200x200': expect.objectContaining({ '1x': '/assets/games/plinko/200x200@1x.png' }),
          '200x300': expect.objectContaining({ '3x': '/assets/games/plinko/200x300@3x.png' }),
        },
        gameCustomImages: {},
      },
      expect.objectContaining({ nickname: `${local.slice(0, 2)}***`, gameName: 'retired-game', gameImages: {} }),
      expect.objectContaining({ nickname: `${local.slice(0, 2)}***`, gameName: 'Neon Fruits', payout: 2.5 }),
    ]);
    expect(JSON.stringify(res.json)).not.toContain(a.email);
    expect((await t.call('GET', '/api/game/spins/winners?perPage=1')).json.data).toHaveLength(1);
    // With 'new' limited to DE, a US visitor's list leaves out the wins in its games (plinko, neon-fruits).
    const usBefore = (await t.call('GET', '/api/game/spins/winners?countryCode=US')).json.data;
    expect(usBefore).toHaveLength(3);
    await t.database.db.execute(sql`update game.collections set countries = '{DE}' where identity = 'new'`);
    try {
      const us = await t.call('GET', '/api/game/spins/winners?countryCode=US');
      expect(us.json.data.map((w: { gameId: string }) => w.gameId)).toEqual(['retired-game']);
      expect((await t.call('GET', '/api/game/spins/winners?countryCode=DE')).json.data).toHaveLength(3);
    } finally {
      await t.database.db.execute(sql`update game.collections set countries = '{}' where identity = 'new'`);
    }
    await t.database.db.execute(sql`update game.games set platforms = '{2}' where identity = 'plinko'`);
    try {
      const mobile = await t.call('GET', '/api/game/spins/winners?platform=1&perPage=2');
      expect(mobile.json.data.map((w: { gameId: string }) => w.gameId)).toEqual(['retired-game', 'neon-fruits']);
    } finally {
      await t.database.db.execute(sql`update game.games set platforms = '{1,2}' where identity = 'plinko'`);
    }
  });

  it('refuses guests on player history (401) and bad queries (422 with fields)', async () => {
    expect((await t.call('GET', '/api/game/bets')).status).toBe(401);
    expect((await t.call('GET', '/api/game/spins')).status).toBe(401);
    const bad = await t.call('GET', '/api/game/bets?isSettled=maybe&perPage=500', { token: a.token });
    expect(bad.status).toBe(422);
    expect(bad.json.error.code).toBe(ErrorCode.validation);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['isSettled', 'perPage']);
    const w = await t.call('GET', '/api/game/spins/winners?platform=7');
    expect(w.status).toBe(422);
    expect(w.json.error.fields.platform).toEqual([expect.any(String)]);
  });
});
