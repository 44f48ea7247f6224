import { TournamentPrizeType } from '@croupier/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Db } from '../../src/db/client.ts';
import { createBonusModule } from '../../src/modules/bonus/index.ts';
import { bonuses } from '../../src/modules/bonus/schema.ts';
import { finishTournament } from '../../src/modules/retention/tournaments/index.ts';
import { tournamentResults } from '../../src/modules/retention/tournaments/schema.ts';
import { payPrize } from '../../src/modules/retention/wheel/prize.ts';
import { wheelSectors, wheelSpins } from '../../src/modules/retention/wheel/schema.ts';
import { seededRates } from '../../src/modules/settings/rates/index.ts';
import { studioFreeRounds } from '../../src/modules/studio/schema.ts';
import { account, bonusesOf, defineBonus, newPlayer, type Player } from '../bonus/helpers.ts';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { play, running, tournament } from './tournaments-helpers.ts';

// Prizes that are a bonus definition of the bonus engine (issue 13 §4, §5; decision 0077): a wheel sector
// and a tournament place issue a player bonus through the bonus module's index, in the spin's or the
// result's transaction, keyed per prize: once, however often it is repeated, on this app or a restarted one.

let t: SeamlessTestApp;
beforeAll(async () => {
  t = await createSeamlessTestApp();
}, 180_000);
afterAll(() => t.close(), 60_000);

const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

const issuedBy = async (key: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from bonus.player_bonuses where issue_key = ${key}`))[0]!.n;

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The bonus engine's functions on the test database (no queue: a repeat issues nothing to schedule). */
const bonusDeps = () => createBonusModule({ db: t.database.db, send: async () => null }).deps;

const spinsIssuedBy = async (key: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from bonus.player_freespins where issue_key = ${key}`))[0]!
    .n;

type FreeSpins = { id: string; status: number; count: number; gameId: string; currency: string };
const freeSpinsOf = async (p: Player) =>
  (await t.call('GET', '/api/game/player-freespins', { token: p.auth })).json.data as FreeSpins[];

/** A free-spin definition (decision 0065): `count` spins on the test slot at `bets` per spin. */
async function spinsDefinition(identity: string, count = 3, bets: Record<string, string> = { EUR: '10' }) {
  const [row] = await t.database.db
    .insert(bonuses)
    .values({
      identity: `${identity}-${Date.now()}`,
      name: `${count} free spins`,
      kind: 'freespins',
      amounts: bets,
      freeSpinGame: 'slot-1',
      freeSpinCount: count,
      wagerMultiplier: '20',
      reusable: true,
    })
    .returning();
  return row!.id;
}

let n = 0;
async function bonusWheel(bonusId: string, amounts: Record<string, string>): Promise<string> {
  const identity = `bonus-wheel-${++n}-${Date.now()}`;
  const [wheel] = await rows<{ id: string }>(
    sql`insert into retention.wheels (identity, title, start_at, daily_spins) values (${identity}, 'Bonus wheel', now() - interval '1 day', 1) returning id`,
  );
  await t.database.db.insert(wheelSectors).values({
    wheelId: wheel!.id,
    position: 0,
    title: 'A wagering bonus',
    weight: 10_000,
    prizeType: 'bonus',
    amounts,
    bonusId,
  });
  return wheel!.id;
}

/** The end job again by hand, twice, then a new app on the same database (its start queues every open end). */
async function endAgainAndRestart(tournamentId: string) {
  const deps = {
    db: t.database.db,
    now: () => new Date(),
    send: async () => null,
    job: { name: 'retention-tournament-end', handle: async () => {} },
    bonus: bonusDeps(),
  };
  expect(await finishTournament(deps, tournamentId)).toBe('skipped');
  expect(await finishTournament(deps, tournamentId)).toBe('skipped');
  const again = await buildApp({ config: t.config, database: t.database, logger: false });
  await again.ready();
  await again.close();
}

describe(`bonus-definition prizes (${databaseKind})`, { timeout: 180_000 }, () => {
  it('a wheel sector issues its bonus definition once, keyed by the spin, and the player bonus is listed', async () => {
    const bonusId = await defineBonus(t, { identity: `wheel-cash-${Date.now()}`, amount: 4_00n, wager: '5' });
    const wheelId = await bonusWheel(bonusId, { EUR: '300' });
    const p = await newPlayer(t, 10);
    const res = await t.call('POST', `/api/retention/wheels/${wheelId}/spin`, { token: p.auth, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.data.prize).toEqual({ type: 'bonus', amount: 3, currency: 'EUR' });
    const listed = await bonusesOf(t, p);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: 2 });
    expect((await account(t, p)).bonusBalance).toBeCloseTo(3, 6);

    // The spin is used: no second spin; paying its sector again by hand issues nothing more.
    const again = await t.call('POST', `/api/retention/wheels/${wheelId}/spin`, { token: p.auth, body: {} });
    expect(again.json.error?.code).toBe(10003);
    const [spin] = await t.database.db.select().from(wheelSpins).where(eq(wheelSpins.wheelId, wheelId));
    const [sector] = await t.database.db.select().from(wheelSectors).where(eq(wheelSectors.wheelId, wheelId));
    const deps = { rates: seededRates(), award: async () => {}, bonus: bonusDeps() };
    for (let i = 0; i < 2; i++) {
      await t.database.db.transaction(async (tx) => {
        const prize = await payPrize(tx as unknown as Db, deps, spin!, sector!, new Date());
        expect(prize).toMatchObject({ type: 'bonus', amount: '300', currency: 'EUR' });
      });
    }
    expect(await issuedBy(`wheel:${spin!.id}`)).toBe(1);
    expect(await bonusesOf(t, p)).toHaveLength(1);
    expect((await account(t, p)).bonusBalance).toBeCloseTo(3, 6);
  });

  it('a sector without its own amount in the currency issues the definition amount', async () => {
    const bonusId = await defineBonus(t, { identity: `wheel-def-${Date.now()}`, amount: 2_50n });
    const wheelId = await bonusWheel(bonusId, {});
    const p = await newPlayer(t, 10);
    const res = await t.call('POST', `/api/retention/wheels/${wheelId}/spin`, { token: p.auth, body: {} });
    expect(res.status).toBe(200);
    expect(res.json.data.prize).toEqual({ type: 'bonus', amount: 2.5, currency: 'EUR' });
    expect(await bonusesOf(t, p)).toHaveLength(1);
  });

  it('a tournament place that is a bonus definition is issued once across repeats and a restart', async () => {
    const bonusId = await defineBonus(t, { identity: `tournament-cash-${Date.now()}`, amount: 9_00n, wager: '3' });
    const row = await running(t, {
      endAt: new Date(Date.now() + 4000),
      prizes: [
        {
          place: 1,
          type: TournamentPrizeType.bonus,
          title: '€7 wagering bonus',
          currency: 'EUR',
          amount: 7_00n,
          bonusId,
        },
        { place: 2, type: TournamentPrizeType.bonus, title: 'Cash bonus', bonusId },
        { place: 3, type: TournamentPrizeType.money, title: '€1', currency: 'EUR', amount: 1_00n },
      ],
    });
    const a = await newPlayer(t, 100);
    const b = await newPlayer(t, 100);
    const c = await newPlayer(t, 100);
    await play(t, a.game, '5.00', '0');
    await play(t, b.game, '3.00', '0');
    await play(t, c.game, '1.00', '0');
    await t.app.outbox.drain();

    // The app's own queue runs the end job once the tournament is over.
    const done = await until(
      () => tournament(t, row.id),
      (x) => x.state === 4 && x.prizes[0]?.entry !== undefined,
    );
    expect(done.prizes).toMatchObject([
      { place: 1, type: 3, bonusId, entry: { playerId: a.playerId } },
      { place: 2, type: 3, bonusId, entry: { playerId: b.playerId } },
      { place: 3, type: 1, entry: { playerId: c.playerId } },
    ]);

    await endAgainAndRestart(row.id);

    expect(await issuedBy(`tournament:${row.id}:1`)).toBe(1);
    expect(await issuedBy(`tournament:${row.id}:2`)).toBe(1);
    const [first] = await bonusesOf(t, a);
    expect(await bonusesOf(t, a)).toHaveLength(1);
    expect(first).toMatchObject({ status: 2 });
    expect((await account(t, a)).bonusBalance).toBeCloseTo(7, 6);
    // No amount of its own: the definition's.
    expect(await bonusesOf(t, b)).toHaveLength(1);
    expect((await account(t, b)).bonusBalance).toBeCloseTo(9, 6);
    expect(await bonusesOf(t, c)).toHaveLength(0);
    expect((await account(t, c)).realBalance).toBeCloseTo(100, 6);
    const results = await t.database.db
      .select()
      .from(tournamentResults)
      .where(eq(tournamentResults.tournamentId, row.id));
    expect(results.every((r) => r.paidAt !== null)).toBe(true);
  });

  it('a free-spin sector issues its free spins once, keyed by the spin; they are listed and awarded to the studio', async () => {
    const bonusId = await spinsDefinition('wheel-spins');
    const wheelId = await bonusWheel(bonusId, {});
    const p = await newPlayer(t, 10);
    const res = await t.call('POST', `/api/retention/wheels/${wheelId}/spin`, { token: p.auth, body: {} });
    expect(res.status).toBe(200);
    // Free spins are no money: the count, no currency (the site shows the sector's title).
    expect(res.json.data.prize).toEqual({ type: 'bonus', amount: 3, currency: null });
    const [spins, ...more] = await freeSpinsOf(p);
    expect(more).toHaveLength(0);
    expect(spins).toMatchObject({ status: 2, count: 3, gameId: 'slot-1', currency: 'EUR' });
    expect(await bonusesOf(t, p)).toHaveLength(0);
    expect((await account(t, p)).bonusBalance).toBe(0);

    // The award job queued in the spin's transaction tells the studio, which then offers the free rounds.
    const award = await until(
      () => t.database.db.select().from(studioFreeRounds).where(eq(studioFreeRounds.id, spins!.id)),
      (r) => r.length === 1,
    );
    expect(award[0]).toMatchObject({ game: 'slot-1', currency: 'EUR', count: 3, bet: 10n });

    // Paying the same spin's sector again by hand issues nothing more.
    const [spin] = await t.database.db.select().from(wheelSpins).where(eq(wheelSpins.wheelId, wheelId));
    const [sector] = await t.database.db.select().from(wheelSectors).where(eq(wheelSectors.wheelId, wheelId));
    const deps = { rates: seededRates(), award: async () => {}, bonus: bonusDeps() };
    for (let i = 0; i < 2; i++) {
      await t.database.db.transaction(async (tx) => {
        const prize = await payPrize(tx as unknown as Db, deps, spin!, sector!, new Date());
        expect(prize).toMatchObject({ type: 'bonus', amount: '3', currency: 'EUR', bonusId, freeSpins: 3 });
      });
    }
    expect(await spinsIssuedBy(`wheel:${spin!.id}`)).toBe(1);
    expect(await freeSpinsOf(p)).toHaveLength(1);
  });

  it("a free-spin sector not offered in the player's currency refuses the spin (409), which the player keeps", async () => {
    const wheelId = await bonusWheel(await spinsDefinition('wheel-spins-usd', 3, { USD: '10' }), {});
    const p = await newPlayer(t, 10);
    const res = await t.call('POST', `/api/retention/wheels/${wheelId}/spin`, { token: p.auth, body: {} });
    expect(res.status).toBe(409);
    expect(await freeSpinsOf(p)).toHaveLength(0);
    const wheels = await t.call('GET', '/api/retention/wheels?state[]=3&perPage=100', { token: p.auth });
    const wheel = (wheels.json.data as { id: string; playerSpins: unknown[] }[]).find((w) => w.id === wheelId);
    expect(wheel!.playerSpins).toHaveLength(1);
  });

  it('a tournament place of free spins is issued once across repeats and a restart, and listed', async () => {
    const bonusId = await spinsDefinition('tournament-spins', 5);
    const row = await running(t, {
      endAt: new Date(Date.now() + 4000),
      prizes: [
        { place: 1, type: TournamentPrizeType.bonus, title: '5 free spins', bonusId },
        { place: 2, type: TournamentPrizeType.money, title: '€1', currency: 'EUR', amount: 1_00n },
      ],
    });
    const a = await newPlayer(t, 100);
    const b = await newPlayer(t, 100);
    await play(t, a.game, '5.00', '0');
    await play(t, b.game, '1.00', '0');
    await t.app.outbox.drain();
    const done = await until(
      () => tournament(t, row.id),
      (x) => x.state === 4 && x.prizes[0]?.entry !== undefined,
    );
    expect(done.prizes).toMatchObject([
      { place: 1, type: 3, bonusId, entry: { playerId: a.playerId } },
      { place: 2, type: 1, entry: { playerId: b.playerId } },
    ]);

    await endAgainAndRestart(row.id);

    expect(await spinsIssuedBy(`tournament:${row.id}:1`)).toBe(1);
    const listed = await freeSpinsOf(a);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: 2, count: 5, gameId: 'slot-1', currency: 'EUR' });
    expect(await bonusesOf(t, a)).toHaveLength(0);
    expect(await freeSpinsOf(b)).toHaveLength(0);
    const results = await t.database.db
      .select()
      .from(tournamentResults)
      .where(eq(tournamentResults.tournamentId, row.id));
    expect(results.every((r) => r.paidAt !== null)).toBe(true);
  });

  it('refuses to define a tournament whose bonus prize cannot be issued', async () => {
    await expect(
      running(t, { prizes: [{ place: 1, type: TournamentPrizeType.bonus, title: 'Nothing' }] }),
    ).rejects.toThrow(/bonusId/);
    await expect(
      running(t, {
        prizes: [
          {
            place: 1,
            type: TournamentPrizeType.bonus,
            title: 'Unknown',
            bonusId: '00000000-0000-4000-8000-0000000000ff',
          },
        ],
      }),
    ).rejects.toThrow(/No bonus definition/);
    const [cashback] = await t.database.db
      .insert(bonuses)
      .values({ identity: `cashback-${Date.now()}`, name: 'Cashback', kind: 'cashback', depositPercentage: 10 })
      .returning();
    await expect(
      running(t, { prizes: [{ place: 1, type: TournamentPrizeType.bonus, title: 'Cashback', bonusId: cashback!.id }] }),
    ).rejects.toThrow(/cashback bonus cannot be a retention prize/);
  });
});
