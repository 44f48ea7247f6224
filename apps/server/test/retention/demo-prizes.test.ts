import { TournamentPrizeType } from '@croupier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { seedDemoData } from '../../src/db/seed.ts';
import { bonusDefinitionById, createBonusModule, demoPrizeBonuses } from '../../src/modules/bonus/index.ts';
import { issueBonusPrize } from '../../src/modules/retention/bonus-prizes.ts';
import { tournamentPrizes, tournaments } from '../../src/modules/retention/tournaments/schema.ts';
import { payPrize } from '../../src/modules/retention/wheel/prize.ts';
import { wheelSectors, wheels } from '../../src/modules/retention/wheel/schema.ts';
import { seededRates } from '../../src/modules/settings/rates/index.ts';
import { bonusesOf, newPlayer, type Player } from '../bonus/helpers.ts';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';

// The demo's bonus-definition prizes (decision 0077): the bonus seed's prize definitions, found by retention's
// seeders through the bonus index by identity, on a daily-wheel sector and a House Race place. The seed runs at
// every start: twice, it changes nothing; on a database seeded before them, it adds them.

let t: SeamlessTestApp;
beforeAll(async () => {
  t = await createSeamlessTestApp();
}, 180_000);
afterAll(() => t.close(), 60_000);

const db = () => t.database.db;

const counts = async () => {
  const n = async (table: string) =>
    (
      (await db().execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  const tables = ['bonus.bonuses', 'bonus.codes', 'retention.wheels', 'retention.wheel_sectors'];
  return Object.fromEntries(
    await Promise.all(
      [...tables, 'retention.tournaments', 'retention.tournament_prizes'].map(async (x) => [x, await n(x)]),
    ),
  );
};

async function dailySectors() {
  const [wheel] = await db().select().from(wheels).where(eq(wheels.identity, 'daily'));
  return db().select().from(wheelSectors).where(eq(wheelSectors.wheelId, wheel!.id)).orderBy(wheelSectors.position);
}

async function houseRacePlaces() {
  const [race] = await db().select().from(tournaments).where(eq(tournaments.series, 'house-race'));
  return db()
    .select()
    .from(tournamentPrizes)
    .where(eq(tournamentPrizes.tournamentId, race!.id))
    .orderBy(tournamentPrizes.place);
}

const freeSpinsOf = async (p: Player) =>
  (await t.call('GET', '/api/game/player-freespins', { token: p.auth })).json.data as {
    status: number;
    count: number;
    gameId: string;
  }[];

describe(`demo bonus-definition prizes (${databaseKind})`, { timeout: 180_000 }, () => {
  it('seeds a free-spin and a cash-bonus wheel sector and a free-spin tournament place, twice without duplicates', async () => {
    await seedDemoData(db());
    const first = await counts();
    await seedDemoData(db());
    expect(await counts()).toEqual(first);

    const sectors = await dailySectors();
    expect(sectors.reduce((sum, s) => sum + s.weight, 0)).toBe(10_000);
    const spinsSector = sectors.find((s) => s.title === '10 free spins on Neon Fruits');
    const cashSector = sectors.find((s) => s.title === '5 EUR bonus');
    const spins = await bonusDefinitionById(db(), spinsSector!.bonusId!);
    const cash = await bonusDefinitionById(db(), cashSector!.bonusId!);
    expect(spins).toMatchObject({ identity: demoPrizeBonuses.freeSpins, kind: 'freespins', freeSpinCount: 10 });
    expect(spins).toMatchObject({ freeSpinGame: 'neon-fruits', reusable: true });
    expect(cash).toMatchObject({ identity: demoPrizeBonuses.cash, kind: 'cash', reusable: true });
    expect(spinsSector).toMatchObject({ prizeType: 'bonus', weight: 400 });

    const places = await houseRacePlaces();
    expect(places.map((p) => p.place)).toEqual([1, 2, 3, 4]);
    expect(places[3]).toMatchObject({ type: TournamentPrizeType.bonus, bonusId: spins!.id });
    const shown = await t.call('GET', '/api/retention/tournaments?perPage=100');
    const race = (shown.json.data as { identity: string; prizes: { place: number; bonusId?: string }[] }[]).find((x) =>
      x.identity.startsWith('house-race'),
    );
    expect(race!.prizes.find((p) => p.place === 4)).toMatchObject({ type: 3, bonusId: spins!.id });
  });

  it('the seeded prizes pay: the sectors issue 10 free spins and a 5 EUR bonus, the place 10 free spins', async () => {
    const sectors = await dailySectors();
    const bonus = createBonusModule({ db: db(), send: async () => null }).deps;
    const deps = { rates: seededRates(), award: async () => {}, bonus };
    const p = await newPlayer(t, 10);
    const spin = (id: string) => ({ id, playerId: p.playerId });
    const sector = (title: string) => sectors.find((s) => s.title === title)!;
    await db().transaction(async (tx) => {
      const won = await payPrize(
        tx as unknown as Db,
        deps,
        spin(crypto.randomUUID()),
        sector('10 free spins on Neon Fruits'),
        new Date(),
      );
      expect(won).toMatchObject({ type: 'bonus', currency: 'EUR', freeSpins: 10 });
      const cash = await payPrize(
        tx as unknown as Db,
        deps,
        spin(crypto.randomUUID()),
        sector('5 EUR bonus'),
        new Date(),
      );
      expect(cash).toMatchObject({ type: 'bonus', amount: '500', currency: 'EUR' });
    });
    expect(await freeSpinsOf(p)).toMatchObject([{ status: 2, count: 10, gameId: 'neon-fruits' }]);
    expect(await bonusesOf(t, p)).toMatchObject([{ status: 2 }]);

    const [place] = (await houseRacePlaces()).filter((x) => x.place === 4);
    const winner = await newPlayer(t, 10);
    const outcome = await db().transaction((tx) =>
      issueBonusPrize(tx as unknown as Db, bonus, {
        playerId: winner.playerId,
        bonusId: place!.bonusId!,
        amounts: {},
        issueKey: `tournament:${place!.tournamentId}:4`,
        issueSessionId: place!.tournamentId,
      }),
    );
    expect(outcome).toMatchObject({ issued: true, currency: 'EUR', freeSpins: 10 });
    expect(await freeSpinsOf(winner)).toMatchObject([{ status: 2, count: 10, gameId: 'neon-fruits' }]);
  });

  it('a database seeded before these prizes gets them at the next start', async () => {
    const sectors = await dailySectors();
    const spinsSector = sectors.find((s) => s.title === '10 free spins on Neon Fruits')!;
    await db().delete(wheelSectors).where(eq(wheelSectors.id, spinsSector.id));
    await db()
      .update(wheelSectors)
      .set({ bonusId: null, weight: 3000 })
      .where(and(eq(wheelSectors.wheelId, spinsSector.wheelId), eq(wheelSectors.position, 0)));
    const [place4] = (await houseRacePlaces()).filter((x) => x.place === 4);
    await db()
      .delete(tournamentPrizes)
      .where(and(eq(tournamentPrizes.tournamentId, place4!.tournamentId), eq(tournamentPrizes.place, 4)));

    await seedDemoData(db());
    const again = await dailySectors();
    expect(again.map((s) => [s.position, s.title, s.weight, s.bonusId])).toEqual(
      sectors.map((s) => [s.position, s.title, s.weight, s.bonusId]),
    );
    expect((await houseRacePlaces()).map((x) => [x.place, x.bonusId])).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [4, place4!.bonusId],
    ]);
  });
});
