import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBonuses } from '../../src/modules/bonus/index.ts';
import { seedGames } from '../../src/modules/game/index.ts';
import { seedQuests } from '../../src/modules/retention/index.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from '../staff/helpers.ts';
import { insertBonusCost, insertBonusCostPlayers, insertMilestones, report } from './reports-helpers.ts';

// GET /api/backoffice/reports/bonus-cost and /funnel (backoffice-api.md §8, decision 0121): bonus cost per
// campaign named through its owner module, distinct players over the range; the registration → first deposit
// funnel from player_milestones, every day of the range.

let t: PlayerTestApp;
let finance: TestStaff;
let welcome = '';
let quest = '';
const lostTournament = randomUUID();
const [p1, p2, p3] = [randomUUID(), randomUUID(), randomUUID()];

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createPlayerTestApp();
  finance = await signedInStaff(t, 'finance');
  const db = t.database.db;
  await seedGames(db);
  await seedBonuses(db);
  await seedQuests(db);
  welcome = (await rowsOf<{ id: string }>(sql`select id from bonus.bonuses where identity = 'welcome-1'`))[0]!.id;
  quest = (await rowsOf<{ id: string }>(sql`select id from retention.quests where identity = 'first-spins'`))[0]!.id;

  const cost = (day: string, kind: string, campaignId: string, currency: string, minor: bigint, players: string[]) => ({
    cost: { day, kind, campaignId, currency, cost: minor, players: players.length },
    players: players.map((playerId) => ({ day, kind, campaignId, currency, playerId })),
  });
  const all = [
    cost('2025-03-01', 'bonus', welcome, 'EUR', 1000n, [p1, p2]),
    cost('2025-03-02', 'bonus', welcome, 'EUR', 500n, [p1]),
    cost('2025-03-02', 'quest', quest, 'EUR', 250n, [p3]),
    cost('2025-03-03', 'cashback', '', 'EUR', 300n, [p1, p2, p3]),
    cost('2025-03-03', 'referral', '', 'USD', 1000n, [p2]),
    cost('2025-03-04', 'tournament', lostTournament, 'EUR', 777n, [p3]),
    cost('2025-04-01', 'bonus', welcome, 'EUR', 99999n, [p3]),
  ];
  await insertBonusCost(
    t,
    all.map((c) => c.cost),
  );
  await insertBonusCostPlayers(
    t,
    all.flatMap((c) => c.players),
  );

  const at = (iso: string) => new Date(iso);
  await insertMilestones(t, [
    // Registered on 1 March: one deposited 2 h later, one 48 h later, one never.
    {
      playerId: p1,
      registeredAt: at('2025-03-01T10:00:00Z'),
      registeredCurrency: 'EUR',
      firstDepositAt: at('2025-03-01T12:00:00Z'),
      firstDepositCurrency: 'EUR',
    },
    {
      playerId: p2,
      registeredAt: at('2025-03-01T11:00:00Z'),
      registeredCurrency: 'EUR',
      firstDepositAt: at('2025-03-03T11:00:00Z'),
      firstDepositCurrency: 'EUR',
    },
    { playerId: p3, registeredAt: at('2025-03-01T23:59:59Z'), registeredCurrency: 'EUR' },
    // 3 March, in USD, no deposit yet.
    { playerId: randomUUID(), registeredAt: at('2025-03-03T00:00:00Z'), registeredCurrency: 'USD' },
    // Registered before the reports existed: a first deposit without a registration counts nowhere here.
    { playerId: randomUUID(), firstDepositAt: at('2025-03-02T09:00:00Z'), firstDepositCurrency: 'EUR' },
    // Just outside the range.
    { playerId: randomUUID(), registeredAt: at('2025-03-04T00:00:00Z'), registeredCurrency: 'EUR' },
  ]);
});
afterAll(() => t.close());

describe(`the bonus cost report (${databaseKind})`, () => {
  it('sums each campaign per currency, names it, and counts its players once over the range', async () => {
    const res = await report(t, finance, '/api/backoffice/reports/bonus-cost?from=2025-03-01&to=2025-03-31');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        { kind: 'bonus', campaignId: welcome, name: 'First deposit: 100%', currency: 'EUR', cost: 15, players: 2 },
        { kind: 'cashback', campaignId: null, name: 'Cashback', currency: 'EUR', cost: 3, players: 3 },
        { kind: 'quest', campaignId: quest, name: 'First spins', currency: 'EUR', cost: 2.5, players: 1 },
        { kind: 'referral', campaignId: null, name: 'Referral programme', currency: 'USD', cost: 10, players: 1 },
        // A campaign whose record is gone is named by its kind.
        { kind: 'tournament', campaignId: lostTournament, name: 'Tournament', currency: 'EUR', cost: 7.77, players: 1 },
      ],
    });
  });

  it('keeps one currency when asked', async () => {
    const res = await report(
      t,
      finance,
      '/api/backoffice/reports/bonus-cost?from=2025-03-01&to=2025-03-31&currency=USD',
    );
    expect(res.json.data.map((r: { kind: string }) => r.kind)).toEqual(['referral']);
  });
});

describe(`the funnel (${databaseKind})`, () => {
  it('answers every day of the range: registrations, how many deposited since, the conversion and the median time', async () => {
    const res = await report(t, finance, '/api/backoffice/reports/funnel?from=2025-03-01&to=2025-03-03');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        { date: '2025-03-01', registrations: 3, deposited: 2, conversion: 66.67, medianHoursToDeposit: 25 },
        { date: '2025-03-02', registrations: 0, deposited: 0, conversion: null, medianHoursToDeposit: null },
        { date: '2025-03-03', registrations: 1, deposited: 0, conversion: 0, medianHoursToDeposit: null },
      ],
    });
  });

  it('keeps the players who registered in one currency when asked', async () => {
    const res = await report(t, finance, '/api/backoffice/reports/funnel?from=2025-03-01&to=2025-03-03&currency=USD');
    expect(res.json.data.map((r: { registrations: number }) => r.registrations)).toEqual([0, 0, 1]);
  });

  it('refuses a range over 366 days with 422', async () => {
    const res = await report(t, finance, '/api/backoffice/reports/funnel?from=2024-01-01&to=2025-03-31');
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toHaveProperty('to');
  });
});
