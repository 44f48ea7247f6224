import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameProviders, games } from '../../src/modules/game/schema.ts';
import { seedGames, seedSportsbookGame } from '../../src/modules/game/seed.ts';
import { rtpInterval } from '../../src/modules/reporting/rtp-interval.ts';
import { houseGameTheory } from '../../src/modules/studio/index.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from '../staff/helpers.ts';
import { insertGames, report } from './reports-helpers.ts';

// GET /api/backoffice/reports/games (backoffice-api.md §8, decision 0121): daily_games summed per game and
// currency over the range, the catalogue's id and name, and the RTP monitor: the studio's theory and its 95 %
// interval for a house game, a provider's published RTP without an interval, nothing for a game without either.

let t: PlayerTestApp;
let finance: TestStaff;
const catalogueId = new Map<string, string>();
beforeAll(async () => {
  t = await createPlayerTestApp();
  finance = await signedInStaff(t, 'finance');
  const db = t.database.db;
  await seedGames(db);
  await seedSportsbookGame(db);
  const [acme] = await db.insert(gameProviders).values({ identity: 'acme', name: 'Acme Gaming' }).returning();
  await db
    .insert(games)
    .values({ identity: 'acme-rocket', name: 'Rocket', providerId: acme!.id, type: 'slots', rtp: '95.50' });
  for (const g of await db.select({ id: games.id, identity: games.identity }).from(games))
    catalogueId.set(g.identity, g.id);

  const studio = 'croupier-studio';
  await insertGames(t, [
    // Dice in EUR over two days: 10,000 stakes of 1 EUR, 9,900 EUR paid (bonus money included), summed.
    {
      day: '2025-03-01',
      gameId: 'dice',
      providerId: studio,
      currency: 'EUR',
      rounds: 6000,
      stakes: 600000n,
      payouts: 591000n,
      realStakes: 500000n,
      realPayouts: 490000n,
      stakeSquares: '60000000',
    },
    {
      day: '2025-03-02',
      gameId: 'dice',
      providerId: studio,
      currency: 'EUR',
      rounds: 4000,
      stakes: 400000n,
      payouts: 399000n,
      realStakes: 400000n,
      realPayouts: 399000n,
      stakeSquares: '40000000',
    },
    // Dice in USD: its own row, never added to EUR's.
    {
      day: '2025-03-01',
      gameId: 'dice',
      providerId: studio,
      currency: 'USD',
      rounds: 3,
      stakes: 300n,
      payouts: 0n,
      realStakes: 300n,
      stakeSquares: '30000',
    },
    // Plinko paying far above its theory over many rounds: outside the interval.
    {
      day: '2025-03-03',
      gameId: 'plinko',
      providerId: studio,
      currency: 'EUR',
      rounds: 20000,
      stakes: 2000000n,
      payouts: 2400000n,
      realStakes: 2000000n,
      realPayouts: 2400000n,
      stakeSquares: '200000000',
    },
    {
      day: '2025-03-03',
      gameId: 'acme-rocket',
      providerId: 'acme',
      currency: 'EUR',
      rounds: 10,
      stakes: 1000n,
      payouts: 500n,
      stakeSquares: '100000',
    },
    {
      day: '2025-03-04',
      gameId: 'betsy-sportsbook-betsy',
      providerId: 'betsy',
      currency: 'EUR',
      rounds: 2,
      stakes: 2000n,
      payouts: 3000n,
      stakeSquares: '2000000',
    },
    // A game the catalogue no longer has; and one whose every stake was rolled back.
    {
      day: '2025-03-04',
      gameId: 'ghost-game',
      providerId: 'ghost',
      currency: 'EUR',
      rounds: 1,
      stakes: 100n,
      payouts: 0n,
      stakeSquares: '10000',
    },
    { day: '2025-03-05', gameId: 'mines', providerId: studio, currency: 'EUR', rounds: 0, stakes: 0n, payouts: 0n },
    // Outside the range.
    {
      day: '2025-04-01',
      gameId: 'dice',
      providerId: studio,
      currency: 'EUR',
      rounds: 1,
      stakes: 100n,
      payouts: 100n,
      stakeSquares: '10000',
    },
  ]);
});
afterAll(() => t.close());

/** What the RTP monitor says for a house game, from the same theory and arithmetic the report uses. */
const monitor = (identity: string, rounds: number, stakes: bigint, stakeSquares: bigint, payouts: bigint) =>
  rtpInterval(houseGameTheory(identity), { rounds, stakes, stakeSquares, payouts });

describe(`the games report (${databaseKind})`, () => {
  it('sums each game per currency over the range, names it from the catalogue and monitors its RTP', async () => {
    const res = await report(t, finance, '/api/backoffice/reports/games?from=2025-03-01&to=2025-03-31');
    expect(res.status).toBe(200);
    const dice = monitor('dice', 10000, 1000000n, 100000000n, 990000n);
    const plinko = monitor('plinko', 20000, 2000000n, 200000000n, 2400000n);
    expect(dice).toMatchObject({ rtp: 99, theoreticalRtp: 99, outside: false });
    expect(plinko).toMatchObject({ rtp: 120, outside: true });
    const none = { theoreticalRtp: null, rtpLow: null, rtpHigh: null, outside: false };
    expect(res.json).toEqual({
      data: [
        {
          gameId: catalogueId.get('acme-rocket'),
          identity: 'acme-rocket',
          provider: 'acme',
          name: 'Rocket',
          currency: 'EUR',
          rounds: 10,
          bets: 10,
          wins: 5,
          rtp: 50,
          // Published by its provider, with no variance: no interval, never flagged.
          ...none,
          theoreticalRtp: 95.5,
        },
        {
          gameId: catalogueId.get('betsy-sportsbook-betsy'),
          identity: 'betsy-sportsbook-betsy',
          provider: 'betsy',
          name: 'Sportsbook',
          currency: 'EUR',
          rounds: 2,
          bets: 20,
          wins: 30,
          rtp: 150,
          ...none,
        },
        {
          gameId: catalogueId.get('dice'),
          identity: 'dice',
          provider: 'croupier-studio',
          name: 'Dice',
          currency: 'EUR',
          rounds: 10000,
          bets: 10000,
          wins: 9900,
          ...dice,
        },
        {
          gameId: catalogueId.get('dice'),
          identity: 'dice',
          provider: 'croupier-studio',
          name: 'Dice',
          currency: 'USD',
          rounds: 3,
          bets: 3,
          wins: 0,
          ...monitor('dice', 3, 300n, 30000n, 0n),
        },
        {
          gameId: 'ghost-game',
          identity: 'ghost-game',
          provider: 'ghost',
          name: 'ghost-game',
          currency: 'EUR',
          rounds: 1,
          bets: 1,
          wins: 0,
          rtp: 0,
          ...none,
        },
        {
          gameId: catalogueId.get('mines'),
          identity: 'mines',
          provider: 'croupier-studio',
          name: 'Mines',
          currency: 'EUR',
          rounds: 0,
          bets: 0,
          wins: 0,
          // No stake left: no RTP and no interval, the theory still shown.
          rtp: null,
          theoreticalRtp: monitor('mines', 1, 1n, 1n, 0n).theoreticalRtp,
          rtpLow: null,
          rtpHigh: null,
          outside: false,
        },
        {
          gameId: catalogueId.get('plinko'),
          identity: 'plinko',
          provider: 'croupier-studio',
          name: 'Plinko',
          currency: 'EUR',
          rounds: 20000,
          bets: 20000,
          wins: 24000,
          ...plinko,
        },
      ],
    });
  });

  it('keeps one currency when asked', async () => {
    const res = await report(t, finance, '/api/backoffice/reports/games?from=2025-03-01&to=2025-03-31&currency=USD');
    expect(res.json.data.map((r: { identity: string; currency: string }) => `${r.identity} ${r.currency}`)).toEqual([
      'dice USD',
    ]);
  });

  it('refuses a range over 366 days with 422 and `fields.to`', async () => {
    const res = await report(t, finance, '/api/backoffice/reports/games?from=2024-01-01&to=2025-03-31');
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toHaveProperty('to');
  });
});
