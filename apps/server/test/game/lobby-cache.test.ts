import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateLobby } from '../../src/modules/game/index.ts';
import { createLobbyCache, lobbyCacheOf } from '../../src/modules/game/lobby-cache.ts';
import { seedGames } from '../../src/modules/game/seed.ts';
import { databaseKind } from '../harness.ts';
import { createGameTestApp, type GameTestApp } from './helpers.ts';

// Issue 15 §2, decision 0047: lobby reads come from memory for a short TTL, and a catalogue change is
// visible at once after invalidation.

let t: GameTestApp;
beforeAll(async () => {
  t = await createGameTestApp();
  // Off in tests by default (other suites change the catalogue with SQL); this suite turns it on.
  lobbyCacheOf(t.database.db).ttls = { catalogueMs: 60_000, winnersMs: 60_000 };
});
afterAll(() => t.close());

const get = (url: string, country?: string) =>
  t.call('GET', url, { headers: country ? { 'cf-ipcountry': country } : {} });
const rename = (identity: string, name: string) =>
  t.database.db.execute(sql`update game.games set name = ${name} where identity = ${identity}`);
const nameIn = (list: { identity: string; name: string }[], identity: string) =>
  list.find((g) => g.identity === identity)?.name;

describe(`lobby cache (${databaseKind})`, () => {
  it('answers games, a game, providers and collections from memory until invalidated', async () => {
    expect(nameIn((await get('/api/game/games')).json.data, 'dice')).toBe('Dice');
    expect((await get('/api/game/games/dice')).json.data.name).toBe('Dice');
    const providers = (await get('/api/game/providers')).json.data;
    expect(providers[0].gameEnabledCount).toBe(6);
    expect((await get('/api/game/collections', 'DE')).json.data.map((c: { identity: string }) => c.identity)).toContain(
      'table-games',
    );

    await rename('dice', 'Dice Deluxe');
    await t.database.db.execute(sql`update game.games set enabled = false where identity = 'plinko'`);
    await t.database.db.execute(sql`update game.collections set countries = '{FR}' where identity = 'table-games'`);
    try {
      // Still the cached answers: the database was changed behind the cache's back.
      expect(nameIn((await get('/api/game/games')).json.data, 'dice')).toBe('Dice');
      expect((await get('/api/game/games/dice')).json.data.name).toBe('Dice');
      expect((await get('/api/game/providers')).json.data[0].gameEnabledCount).toBe(6);

      invalidateLobby(t.database.db);
      const games = (await get('/api/game/games')).json.data;
      expect(nameIn(games, 'dice')).toBe('Dice Deluxe');
      expect(nameIn(games, 'plinko')).toBeUndefined();
      expect((await get('/api/game/games/dice')).json.data.name).toBe('Dice Deluxe');
      expect((await get('/api/game/games/plinko')).status).toBe(404);
      expect((await get('/api/game/providers')).json.data[0].gameEnabledCount).toBe(5);
      const de = (await get('/api/game/collections', 'DE')).json.data;
      expect(de.map((c: { identity: string }) => c.identity)).not.toContain('table-games');
    } finally {
      await rename('dice', 'Dice');
      await t.database.db.execute(sql`update game.games set enabled = true where identity = 'plinko'`);
      await t.database.db.execute(
        sql`update game.collections set countries = '{AT,CA,DE,ES,FI,GB,IE,IT,NL,NO,NZ,SE,UA}' where identity = 'table-games'`,
      );
      invalidateLobby(t.database.db);
    }
  });

  it('keys by query: another filter or page is its own read', async () => {
    const all = (await get('/api/game/games?perPage=2')).json;
    const slots = (await get('/api/game/games?collectionId=slots')).json;
    expect(all.data).toHaveLength(2);
    expect(slots.data.map((g: { identity: string }) => g.identity)).toEqual(['neon-fruits']);
    expect((await get('/api/game/games?perPage=2&page=2')).json.data[0].identity).not.toBe(all.data[0].identity);
  });

  it('seeding the catalogue invalidates it', async () => {
    expect(nameIn((await get('/api/game/games')).json.data, 'mines')).toBe('Mines');
    await rename('mines', 'Old Mines');
    expect(nameIn((await get('/api/game/games')).json.data, 'mines')).toBe('Mines');
    await seedGames(t.database.db); // restores the demo name and drops the cache
    await rename('mines', 'Mines'); // (a no-op for the answer, the seed already restored it)
    expect(nameIn((await get('/api/game/games')).json.data, 'mines')).toBe('Mines');
    await rename('mines', 'Renamed Mines');
    await seedGames(t.database.db);
    expect(nameIn((await get('/api/game/games')).json.data, 'mines')).toBe('Mines');
  });

  it('winners are reused for their TTL and dropped with the catalogue', async () => {
    const { token } = await t.newPlayer(100);
    const launch = await t.call('POST', '/api/game/games/dice/play', {
      token,
      body: { lobbyUrl: '/', locale: 'en', platform: 2, demoMode: false },
    });
    expect(launch.status).toBe(200);
    const launchToken = launch.json.data.token as string;
    const before = (await get('/api/game/spins/winners')).json.data.length;
    await t.round(launchToken, '1.00', '3.00', 'dice');
    expect((await get('/api/game/spins/winners')).json.data).toHaveLength(before);
    invalidateLobby(t.database.db);
    expect((await get('/api/game/spins/winners')).json.data).toHaveLength(before + 1);
  });

  it('expires after its TTL, shares one load between concurrent misses and keeps no failure', async () => {
    const cache = createLobbyCache({ catalogueMs: 40, winnersMs: 0 });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.read('catalogueMs', 'k', load), cache.read('catalogueMs', 'k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.read('catalogueMs', 'k', load)).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.read('catalogueMs', 'k', load)).toBe(2);
    expect(await cache.read('winnersMs', 'k', load)).toBe(3); // TTL 0: never cached
    expect(await cache.read('winnersMs', 'k', load)).toBe(4);

    await expect(cache.read('catalogueMs', 'bad', () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.read('catalogueMs', 'bad', load)).toBe(5);
  });
});
