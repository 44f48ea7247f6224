import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses, codes } from '../../src/modules/bonus/schema.ts';
import { gameProviders, games } from '../../src/modules/game/schema.ts';
import { studioFreeRounds } from '../../src/modules/studio/schema.ts';
import { databaseKind } from '../harness.ts';
import { ACME, createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { account, applyCode, bonusesOf, ledgerHolds, newPlayer, type Player } from './helpers.ts';

// Free spins (issue 12 §4, decision 0065): a code issues and activates them, the provider is told, each free
// round is a zero-stake bet carrying the free-spin id (checked in the money path), its win waits with the
// house, and the last paid spin turns the winnings into a wagering bonus.

let t: SeamlessTestApp;

beforeAll(async () => {
  t = await createSeamlessTestApp();
  // slot-1 is acme's game in the catalogue: the free spins are bound to acme (decision 0095).
  const [acme] = await t.database.db.insert(gameProviders).values({ identity: ACME.id, name: 'Acme' }).returning();
  await t.database.db.insert(games).values({ identity: 'slot-1', name: 'Slot 1', providerId: acme!.id, type: 'slots' });
  const [spins] = await t.database.db
    .insert(bonuses)
    .values({
      identity: 'spins-test',
      name: 'Three free spins',
      kind: 'freespins',
      amounts: { EUR: '10' },
      freeSpinGame: 'slot-1',
      freeSpinCount: 3,
      wagerMultiplier: '20',
    })
    .returning();
  await t.database.db.insert(codes).values({ code: 'SPINS3', bonusId: spins!.id, triggers: [1] });
});
afterAll(() => t.close());

type Spin = { id: string; status: number; result: number; count: number; usedCount: number; winAmount: number };
const spinsOf = async (p: Player, query = '') =>
  (await t.call('GET', `/api/game/player-freespins${query}`, { token: p.auth })).json.data as Spin[];

let seq = 0;
async function freeRound(p: Player, freeSpinId: string, win: string, opts: { amount?: string; gameId?: string } = {}) {
  const id = `fr${++seq}-${Date.now()}`;
  const bet = await t.seamless('bet', {
    token: p.game,
    transactionId: `${id}:b0`,
    roundId: id,
    amount: opts.amount ?? '0',
    currency: 'EUR',
    freeSpinId,
    ...(opts.gameId ? { gameId: opts.gameId } : {}),
  });
  if ((bet.json as { status: string }).status !== 'OK') return { bet: bet.json as Record<string, unknown>, id };
  const paid = await t.seamless('win', {
    token: p.game,
    transactionId: `${id}:w`,
    roundId: id,
    betTransactionId: `${id}:b0`,
    amount: win,
    currency: 'EUR',
    closeRound: true,
  });
  return { bet: bet.json as Record<string, unknown>, win: paid.json as Record<string, unknown>, id };
}

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe(`free spins (${databaseKind})`, () => {
  it('a code issues active free spins, lists them, and tells the provider', async () => {
    const p = await newPlayer(t, 5);
    expect((await applyCode(t, p, 'spins3')).json.data.status).toBe(2);
    const [spin] = await spinsOf(p, '?status[]=1&status[]=2');
    expect(spin).toMatchObject({ status: 2, result: 1, count: 3, usedCount: 0, gameId: 'slot-1', currency: 'EUR' });
    const [award] = await t.database.db.select().from(studioFreeRounds).where(eq(studioFreeRounds.id, spin!.id));
    expect(award).toMatchObject({ game: 'slot-1', currency: 'EUR', count: 3, bet: 10n });
    // Once per player: the same code again is not available.
    expect((await applyCode(t, p, 'SPINS3')).json.data.status).toBe(4);
  });

  it('plays free rounds as zero-stake bets; wins wait, and the last spin issues the winnings as a bonus', async () => {
    const p = await newPlayer(t, 5);
    await applyCode(t, p, 'SPINS3');
    const [spin] = await spinsOf(p);
    const first = await freeRound(p, spin!.id, '0.50');
    expect(first.bet).toMatchObject({ status: 'OK', balance: '5.00' });
    expect(first.win).toMatchObject({ status: 'OK', balance: '5.00' });
    // Replaying the bet answers the same and uses no spin.
    const replay = await t.seamless('bet', {
      token: p.game,
      transactionId: `${first.id}:b0`,
      roundId: first.id,
      amount: '0',
      currency: 'EUR',
      freeSpinId: spin!.id,
    });
    expect(replay.json).toMatchObject({ status: 'OK' });
    expect((await spinsOf(p))[0]).toMatchObject({ usedCount: 1, winAmount: 0.5, status: 2 });
    await freeRound(p, spin!.id, '0');
    await freeRound(p, spin!.id, '1.20');
    expect((await spinsOf(p))[0]).toMatchObject({ usedCount: 3, winAmount: 1.7, status: 3, result: 2 });
    expect((await freeRound(p, spin!.id, '0')).bet).toMatchObject({ status: 'ERROR', code: 'BET_NOT_FOUND' });
    const [bonus] = await eventually(
      () => bonusesOf(t, p),
      (list) => list.length > 0,
    );
    expect(bonus).toMatchObject({ status: 2, amount: 1.7, requiredWagerCasinoAmount: 34 });
    expect(await account(t, p)).toMatchObject({ realBalance: 5, bonusBalance: 1.7 });
    expect(await ledgerHolds(t)).toEqual({ sums: expect.arrayContaining(['0']), negative: 0 });
  });

  it('refuses a stake, another game, another player and an unknown id; a rollback gives the spin back', async () => {
    const p = await newPlayer(t, 5);
    await applyCode(t, p, 'SPINS3');
    const [spin] = await spinsOf(p);
    const other = await newPlayer(t, 5);
    expect((await freeRound(p, spin!.id, '0', { amount: '0.10' })).bet).toMatchObject({ code: 'BET_NOT_FOUND' });
    expect((await freeRound(p, spin!.id, '0', { gameId: 'slot-2' })).bet).toMatchObject({ code: 'BET_NOT_FOUND' });
    expect((await freeRound(other, spin!.id, '0')).bet).toMatchObject({ code: 'BET_NOT_FOUND' });
    expect((await freeRound(p, randomUUID(), '0')).bet).toMatchObject({ code: 'BET_NOT_FOUND' });
    expect((await freeRound(p, 'not-a-uuid', '0')).bet).toMatchObject({ code: 'BET_NOT_FOUND' });
    const id = `fr-rb-${Date.now()}`;
    const bet = await t.seamless('bet', {
      token: p.game,
      transactionId: `${id}:b0`,
      roundId: id,
      amount: '0',
      currency: 'EUR',
      freeSpinId: spin!.id,
    });
    expect(bet.json).toMatchObject({ status: 'OK' });
    expect((await spinsOf(p))[0]!.usedCount).toBe(1);
    const rb = await t.seamless('rollback', {
      token: p.game,
      transactionId: `${id}:rb0`,
      rollbackTransactionId: `${id}:b0`,
      roundId: id,
    });
    expect(rb.json).toMatchObject({ status: 'OK' });
    expect((await spinsOf(p))[0]!.usedCount).toBe(0);
    expect((await spinsOf(other)).length).toBe(0);
  });

  it('cancels free spins (404 for another player or a malformed id); a cancelled one plays no more', async () => {
    const p = await newPlayer(t, 5);
    await applyCode(t, p, 'SPINS3');
    const [spin] = await spinsOf(p);
    const other = await newPlayer(t, 0);
    for (const action of ['activate', 'cancel']) {
      const foreign = await t.call('PUT', `/api/game/player-freespins/${spin!.id}/${action}`, { token: other.auth });
      expect(foreign.status).toBe(404);
      const bad = await t.call('PUT', `/api/game/player-freespins/nope/${action}`, { token: p.auth });
      expect(bad.status).toBe(404);
    }
    const activeAgain = await t.call('PUT', `/api/game/player-freespins/${spin!.id}/activate`, { token: p.auth });
    expect(activeAgain.status).toBe(409);
    const cancelled = await t.call('PUT', `/api/game/player-freespins/${spin!.id}/cancel`, { token: p.auth });
    expect(cancelled.json.data).toMatchObject({ status: 3, result: 3 });
    expect((await freeRound(p, spin!.id, '0')).bet).toMatchObject({ code: 'BET_NOT_FOUND' });
    const [award] = await t.database.db.select().from(studioFreeRounds).where(eq(studioFreeRounds.id, spin!.id));
    expect(award?.cancelledAt).not.toBeNull();
  });

  it('answers bad list queries with 422 and needs a player', async () => {
    const p = await newPlayer(t, 0);
    expect((await t.call('GET', '/api/game/player-freespins?status[]=9', { token: p.auth })).status).toBe(422);
    expect((await t.call('GET', '/api/game/player-freespins?page=0', { token: p.auth })).status).toBe(422);
    expect((await t.call('GET', '/api/game/player-freespins')).status).toBe(401);
  });
});
