import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses, codes, playerFreespins } from '../../src/modules/bonus/schema.ts';
import { gameProviders, games } from '../../src/modules/game/schema.ts';
import { databaseKind } from '../harness.ts';
import { ACME, createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { applyCode, newPlayer, type Player } from './helpers.ts';

// Issue 23 finding 7 (decision 0095): free spins are bound to the provider and the game they were issued for.
// Another provider, signing correctly with its own launch token for the same player, sends a zero-stake bet
// carrying the player's free-spin id and the issued game's id: refused, and no spin is used.

const ROGUE = { id: 'rogue', secret: 'rogue-test-secret-0123456789', games: ['rogue-slot'] };

let t: SeamlessTestApp;

beforeAll(async () => {
  t = await createSeamlessTestApp(
    {},
    {
      SEAMLESS_PROVIDERS: JSON.stringify([
        { ...ACME, enabled: true },
        { ...ROGUE, enabled: true },
      ]),
    },
  );
  const db = t.database.db;
  // The catalogue: slot-1 is acme's game, rogue-slot the rogue's.
  const [acme] = await db.insert(gameProviders).values({ identity: ACME.id, name: 'Acme' }).returning();
  const [rogue] = await db.insert(gameProviders).values({ identity: ROGUE.id, name: 'Rogue' }).returning();
  await db.insert(games).values([
    { identity: 'slot-1', name: 'Slot 1', providerId: acme!.id, type: 'slots' },
    { identity: 'rogue-slot', name: 'Rogue slot', providerId: rogue!.id, type: 'slots' },
  ]);
  const [spins] = await db
    .insert(bonuses)
    .values({
      identity: 'spins-provider-test',
      name: 'Three free spins on slot-1',
      kind: 'freespins',
      amounts: { EUR: '10' },
      freeSpinGame: 'slot-1',
      freeSpinCount: 3,
      wagerMultiplier: '20',
      reusable: true,
    })
    .returning();
  await db.insert(codes).values({ code: 'BOUND3', bonusId: spins!.id, triggers: [1] });
});
afterAll(() => t.close());

const usedOf = async (id: string) =>
  (await t.database.db.select().from(playerFreespins).where(eq(playerFreespins.id, id)))[0]!.usedCount;

/** A launch token of this player for another provider's game (the player opened that game). */
async function launchAt(p: Player, provider: string, gameId: string) {
  const res = await t.call('POST', '/api/dev/seamless/launch-token', {
    body: { playerId: p.playerId, currency: 'EUR', providerId: provider, gameId },
  });
  expect(res.status).toBe(200);
  return res.json.data.token as string;
}

let seq = 0;
const freeBet = (token: string, freeSpinId: string, provider: typeof ACME, gameId?: string) => {
  const id = `fsp-${++seq}-${Date.now()}`;
  return t.seamless(
    'bet',
    {
      token,
      transactionId: `${id}:b`,
      roundId: id,
      amount: '0',
      currency: 'EUR',
      freeSpinId,
      ...(gameId ? { gameId } : {}),
    },
    { provider: provider.id, secret: provider.secret },
  );
};

async function spinsOf(p: Player) {
  expect((await applyCode(t, p, 'BOUND3')).json.data.status).toBe(2);
  const [row] = await t.database.db.select().from(playerFreespins).where(eq(playerFreespins.playerId, p.playerId));
  return row!;
}

describe(`free spins bound to provider and game (${databaseKind})`, () => {
  it('finding 7: another provider, signing correctly, cannot use the free spin with the issued game’s id', async () => {
    const p = await newPlayer(t, 5);
    const spin = await spinsOf(p);
    const rogueToken = await launchAt(p, ROGUE.id, 'rogue-slot');
    const stolen = await freeBet(rogueToken, spin.id, ROGUE, 'slot-1');
    expect(stolen.json).toMatchObject({ status: 'ERROR', code: 'BET_NOT_FOUND' });
    // Nor under its own game.
    expect((await freeBet(rogueToken, spin.id, ROGUE)).json).toMatchObject({ code: 'BET_NOT_FOUND' });
    expect(await usedOf(spin.id)).toBe(0);
    // The provider and game it was issued for still play it.
    expect((await freeBet(p.game, spin.id, ACME)).json).toMatchObject({ status: 'OK' });
    expect(await usedOf(spin.id)).toBe(1);
    expect(spin).toMatchObject({ gameId: 'slot-1', providerId: ACME.id });
  });

  it('a paid bet into a free round is refused: its win would be paid as the free spins’ winnings', async () => {
    const p = await newPlayer(t, 5);
    const spin = await spinsOf(p);
    const id = `fsp-paid-${Date.now()}`;
    const free = await t.seamless('bet', {
      token: p.game,
      transactionId: `${id}:free`,
      roundId: id,
      amount: '0',
      currency: 'EUR',
      freeSpinId: spin.id,
    });
    expect(free.json).toMatchObject({ status: 'OK' });
    const paid = await t.seamless('bet', {
      token: p.game,
      transactionId: `${id}:paid`,
      roundId: id,
      amount: '2.00',
      currency: 'EUR',
    });
    expect(paid.json).toMatchObject({ status: 'ERROR', code: 'LIMIT_REACHED' });
    expect(paid.json.balance).toBe('5.00');
  });

  it('the issuing provider cannot move it to another of its games', async () => {
    const p = await newPlayer(t, 5);
    const spin = await spinsOf(p);
    expect((await freeBet(p.game, spin.id, ACME, 'slot-2')).json).toMatchObject({ code: 'BET_NOT_FOUND' });
    expect(await usedOf(spin.id)).toBe(0);
  });

  it('binds to the catalogue’s provider at issue: a later catalogue change does not rebind issued spins', async () => {
    const p = await newPlayer(t, 5);
    const spin = await spinsOf(p);
    expect(spin.providerId).toBe(ACME.id);
    const [rogue] = await t.database.db.select().from(gameProviders).where(eq(gameProviders.identity, ROGUE.id));
    await t.database.db.update(games).set({ providerId: rogue!.id }).where(eq(games.identity, 'slot-1'));
    try {
      const rogueToken = await launchAt(p, ROGUE.id, 'rogue-slot');
      expect((await freeBet(rogueToken, spin.id, ROGUE, 'slot-1')).json).toMatchObject({ code: 'BET_NOT_FOUND' });
      expect((await freeBet(p.game, spin.id, ACME)).json).toMatchObject({ status: 'OK' });
    } finally {
      const [acme] = await t.database.db.select().from(gameProviders).where(eq(gameProviders.identity, ACME.id));
      await t.database.db.update(games).set({ providerId: acme!.id }).where(eq(games.identity, 'slot-1'));
    }
  });
});
