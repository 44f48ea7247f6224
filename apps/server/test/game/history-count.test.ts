import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUND_COUNT_AHEAD } from '../../src/modules/wallet/seamless/history.ts';
import { databaseKind } from '../harness.ts';
import { createGameTestApp, type GameTestApp } from './helpers.ts';

// Decision 0048: a history count stops ROUND_COUNT_AHEAD rows past the page ("at least" beyond that); the page
// and the count come from one statement.

let t: GameTestApp;
let player: { playerId: string; token: string };
beforeAll(async () => {
  t = await createGameTestApp();
  player = await t.newPlayer(0);
  // 1,500 settled rounds (every 7th rolled back), one a second back from now, and 3 open ones.
  await t.database.db.execute(sql`insert into wallet.seamless_rounds
      (provider_id, round_id, player_id, game_id, currency, bet_total, win_total, status, created_at, settled_at)
    select 'croupier-studio', 'r-' || g, ${player.playerId}::uuid, 'dice', 'EUR', 100, case when g % 3 = 0 then 250 else 0 end,
      case when g <= 3 then 'open' when g % 7 = 0 then 'rolled_back' else 'settled' end,
      now() - make_interval(secs => g), case when g <= 3 then null else now() - make_interval(secs => g) end
    from generate_series(1, 1503) g`);
});
afterAll(() => t.close());

const bets = (query: string) => t.call('GET', `/api/game/bets?${query}`, { token: player.token });

describe(`history count window (${databaseKind})`, () => {
  it('counts up to 1,000 rows past the page, then says "at least"', async () => {
    expect(ROUND_COUNT_AHEAD).toBe(1000);
    const first = await bets('page=1&perPage=10');
    expect(first.status).toBe(200);
    expect(first.json.meta).toEqual({ page: 1, perPage: 10, totalRows: 1010, totalPages: 101 });
    expect(first.json.data.map((b: { roundId: string }) => b.roundId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `r-${i + 4}`),
    );
    // Deep enough that the window passes the end: the exact count.
    const deep = await bets('page=60&perPage=10');
    expect(deep.json.meta).toMatchObject({ totalRows: 1500, totalPages: 150 });
    expect(deep.json.data[0].roundId).toBe('r-594');
    const last = await bets('page=150&perPage=10');
    expect(last.json.data).toHaveLength(10);
    expect(last.json.data.at(-1).roundId).toBe('r-1503');
    const beyond = await bets('page=151&perPage=10');
    expect(beyond.json.data).toEqual([]);
    expect(beyond.json.meta.totalRows).toBe(1500);
  });

  it('counts the open rounds on their own, exactly', async () => {
    const open = await bets('isSettled=false');
    expect(open.json.meta.totalRows).toBe(3);
    expect(open.json.data.map((b: { roundId: string; status: number }) => b.roundId)).toEqual(['r-1', 'r-2', 'r-3']);
  });

  it('spins list only settled rounds, with the same window', async () => {
    const spins = await t.call('GET', '/api/game/spins?page=1&perPage=20', { token: player.token });
    expect(spins.status).toBe(200);
    expect(spins.json.meta.totalRows).toBe(1020);
    expect(spins.json.data[0].gameIdentity).toBe('dice');
    expect(spins.json.data[0].game).toBe('Dice');
  });
});
