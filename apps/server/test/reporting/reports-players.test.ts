import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from '../staff/helpers.ts';
import { insertPlayers, report } from './reports-helpers.ts';

// GET /api/backoffice/reports/players (backoffice-api.md §8, decision 0121): top winners and losers from
// daily_players, per player and currency, ranked within each currency, named as the back office names players.

let t: PlayerTestApp;
let finance: TestStaff;
const ids: Record<'ann' | 'bob' | 'dan', string> = { ann: '', bob: '', dan: '' };
let bobEmail = '';
const gone = randomUUID();
beforeAll(async () => {
  t = await createPlayerTestApp();
  finance = await signedInStaff(t, 'finance');
  for (const name of ['ann', 'bob', 'dan'] as const) {
    const p = await registerPlayer(t);
    ids[name] = p.auth.profile.id;
    if (name === 'bob') bobEmail = p.email;
  }
  await t.database.db.execute(sql`update player.players set nickname = ${'Ann, "the shark"'} where id = ${ids.ann}`);
  const day = (d: number) => `2025-03-0${d}`;
  await insertPlayers(t, [
    { day: day(1), playerId: ids.ann, currency: 'EUR', bets: 10000n, wins: 2000n, deposits: 20000n, stakeCount: 10 },
    { day: day(2), playerId: ids.ann, currency: 'EUR', bets: 5000n, wins: 1000n, withdrawals: 700n, stakeCount: 5 },
    { day: day(2), playerId: ids.ann, currency: 'USD', bets: 100n, wins: 50n, stakeCount: 1 },
    { day: day(1), playerId: ids.bob, currency: 'EUR', bets: 1000n, wins: 9000n, stakeCount: 3 },
    { day: day(3), playerId: ids.dan, currency: 'EUR', bets: 100n, wins: 100n, stakeCount: 1 },
    // A player the player module does not know (any more): no name.
    { day: day(3), playerId: gone, currency: 'EUR', bets: 5000n, stakeCount: 2 },
    // Outside the range.
    { day: '2025-04-01', playerId: ids.bob, currency: 'EUR', bets: 1_000_000n, stakeCount: 1 },
  ]);
});
afterAll(() => t.close());

const url = (query: string) => `/api/backoffice/reports/players?from=2025-03-01&to=2025-03-31&${query}`;

describe(`the players report (${databaseKind})`, () => {
  it('lists the losers by default, largest bets − wins first within each currency', async () => {
    const res = await report(t, finance, url(''));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        {
          playerId: ids.ann,
          name: 'Ann, "the shark"',
          currency: 'EUR',
          bets: 150,
          wins: 30,
          ggr: 120,
          deposits: 200,
          withdrawals: 7,
        },
        { playerId: gone, name: null, currency: 'EUR', bets: 50, wins: 0, ggr: 50, deposits: 0, withdrawals: 0 },
        {
          playerId: ids.ann,
          name: 'Ann, "the shark"',
          currency: 'USD',
          bets: 1,
          wins: 0.5,
          ggr: 0.5,
          deposits: 0,
          withdrawals: 0,
        },
      ],
    });
  });

  it('lists the winners, named by their e-mail without a nickname; one who broke even is neither', async () => {
    const res = await report(t, finance, url('order=winners'));
    expect(res.json).toEqual({
      data: [
        {
          playerId: ids.bob,
          name: bobEmail,
          currency: 'EUR',
          bets: 10,
          wins: 90,
          ggr: -80,
          deposits: 0,
          withdrawals: 0,
        },
      ],
    });
  });

  it('keeps the first `limit` of each currency, and one currency when asked', async () => {
    const top = await report(t, finance, url('order=losers&limit=1'));
    expect(top.json.data.map((r: { playerId: string; currency: string }) => [r.playerId, r.currency])).toEqual([
      [ids.ann, 'EUR'],
      [ids.ann, 'USD'],
    ]);
    const usd = await report(t, finance, url('currency=USD'));
    expect(usd.json.data.map((r: { currency: string }) => r.currency)).toEqual(['USD']);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['order=biggest', 'order'],
  ])('refuses %s with 422', async (query, field) => {
    const res = await report(t, finance, url(query));
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toHaveProperty(field);
  });
});
