import { endpoints } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames, TABLE_GAMES_COUNTRIES } from '../../src/modules/game/seed.ts';
import { databaseKind } from '../harness.ts';
import { rows } from '../wallet/db.ts';
import { createGameTestApp, type GameTestApp } from './helpers.ts';

let t: GameTestApp;
beforeAll(async () => {
  t = await createGameTestApp();
});
afterAll(() => t.close());

const get = (url: string, opts: { token?: string; country?: string } = {}) =>
  t.call('GET', url, { token: opts.token, headers: opts.country ? { 'cf-ipcountry': opts.country } : {} });
const identities = (list: { identity: string }[]) => list.map((g) => g.identity);
const STUDIO = ['neon-fruits', 'european-roulette', 'blackjack', 'dice', 'mines', 'plinko'];

describe(`game catalogue (${databaseKind})`, () => {
  it('seeds idempotently: a second run adds nothing and keeps ids', async () => {
    const count = async () =>
      (
        await rows(
          t.database.db,
          sql`select (select count(*) from game.games)::int g, (select count(*) from game.collections)::int c,
            (select count(*) from game.providers)::int p, (select count(*) from game.game_collections)::int gc,
            (select string_agg(id::text, ',' order by identity) from game.games) ids`,
        )
      )[0];
    const before = await count();
    await seedGames(t.database.db);
    expect(await count()).toEqual(before);
    expect(before).toMatchObject({ g: 6, c: 5, p: 1 });
  });

  it('lists collections for the visitor country (limited ones only where they apply)', async () => {
    const everywhere = await get('/api/game/collections');
    expect(everywhere.status).toBe(200);
    expect(identities(everywhere.json.data)).toEqual(['new', 'popular', 'slots', 'table-games', 'originals']);
    expect(everywhere.json.data[3]).toMatchObject({ countries: TABLE_GAMES_COUNTRIES, isHidden: false });
    expect(everywhere.headers['cache-control']).toBe('public, max-age=120');
    const us = await get('/api/game/collections', { country: 'US' });
    expect(identities(us.json.data)).toEqual(['new', 'popular', 'slots', 'originals']);
    const de = await get('/api/game/collections', { country: 'DE' });
    expect(identities(de.json.data)).toContain('table-games');
  });

  it('lists providers with their enabled game count, and one by id or identity', async () => {
    const list = await get('/api/game/providers');
    expect(list.status).toBe(200);
    expect(list.json.data).toEqual([
      {
        id: expect.any(String),
        identity: 'croupier-studio',
        name: 'Croupier Studio',
        gameEnabledCount: 6,
        images: {},
        customImages: {},
      },
    ]);
    const { id } = list.json.data[0];
    expect((await get(`/api/game/providers/${id}`)).json.data.identity).toBe('croupier-studio');
    expect((await get('/api/game/providers/croupier-studio')).json.data.id).toBe(id);
    expect((await get('/api/game/providers?name=studio')).json.data).toHaveLength(1);
    expect((await get('/api/game/providers?name=nobody')).json.data).toHaveLength(0);
    const missing = await get('/api/game/providers/nope');
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe(2);
    expect((await get('/api/game/providers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('lists games with images, provider, collections, rtp; default order and pagination meta', async () => {
    const res = await get('/api/game/games');
    expect(res.status).toBe(200);
    expect(identities(res.json.data)).toEqual(STUDIO);
    expect(res.json.meta).toEqual({ page: 1, perPage: 24, totalPages: 1, totalRows: 6 });
    const neon = res.json.data[0];
    expect(neon).toMatchObject({
      identity: 'neon-fruits',
      name: 'Neon Fruits',
      type: 'slots',
      paylines: 10,
      rtp: 96.69,
      isDemoMode: true,
      platforms: [1, 2],
      currencies: [],
      customImages: {},
      labels: [],
      provider: { identity: 'croupier-studio', gameEnabledCount: 6 },
    });
    expect(neon.images['200x300']).toEqual({
      '1x': '/assets/games/neon-fruits/200x300@1x.png',
      '2x': '/assets/games/neon-fruits/200x300@2x.png',
      '3x': '/assets/games/neon-fruits/200x300@3x.png',
    });
    expect(neon.images['200x200']['1x']).toBe('/assets/games/neon-fruits/200x200@1x.png');
    expect(identities(neon.collections)).toEqual(['new', 'popular', 'slots']);
    const rtps = Object.fromEntries(res.json.data.map((g: { identity: string; rtp: number }) => [g.identity, g.rtp]));
    expect(rtps).toEqual({
      'neon-fruits': 96.69,
      'european-roulette': 97.3,
      blackjack: 99.54,
      dice: 99,
      mines: 99,
      plinko: 98.99,
    });

    const page2 = await get('/api/game/games?perPage=4&page=2');
    expect(identities(page2.json.data)).toEqual(['mines', 'plinko']);
    expect(page2.json.meta).toEqual({ page: 2, perPage: 4, totalPages: 2, totalRows: 6 });
    const beyond = await get('/api/game/games?perPage=4&page=9');
    expect(beyond.json.data).toEqual([]);
    expect(beyond.json.meta.totalRows).toBe(6);
  });

  it('filters by collection (id or identity, scalar or bracket array), provider, id, identity', async () => {
    const originals = ['dice', 'mines', 'plinko'];
    expect(identities((await get('/api/game/games?collectionId=originals')).json.data)).toEqual(originals);
    expect(identities((await get('/api/game/games?collectionId[]=originals')).json.data)).toEqual(originals);
    const both = await get('/api/game/games?collectionId[]=slots&collectionId[]=originals');
    expect(identities(both.json.data).sort()).toEqual(['dice', 'mines', 'neon-fruits', 'plinko']);
    const collections = (await get('/api/game/collections')).json.data;
    const tableId = collections.find((c: { identity: string }) => c.identity === 'table-games').id;
    expect(identities((await get(`/api/game/games?collectionId=${tableId}`)).json.data)).toEqual([
      'european-roulette',
      'blackjack',
    ]);
    expect((await get('/api/game/games?collectionId=nope')).json.data).toEqual([]);

    const provider = (await get('/api/game/providers')).json.data[0];
    expect((await get(`/api/game/games?providerId[]=${provider.id}`)).json.meta.totalRows).toBe(6);
    expect((await get('/api/game/games?providerId=croupier-studio')).json.meta.totalRows).toBe(6);
    expect((await get('/api/game/games?providerId=other')).json.meta.totalRows).toBe(0);

    const all = (await get('/api/game/games')).json.data;
    const dice = all.find((g: { identity: string }) => g.identity === 'dice');
    expect(identities((await get(`/api/game/games?gameId[]=${dice.id}`)).json.data)).toEqual(['dice']);
    expect(identities((await get(`/api/game/games?gameId=${dice.id}`)).json.data)).toEqual(['dice']);
    expect((await get('/api/game/games?gameId[]=not-a-uuid')).json.data).toEqual([]);
    const curated = await get('/api/game/games?identity[]=plinko&identity[]=blackjack');
    expect(identities(curated.json.data).sort()).toEqual(['blackjack', 'plinko']);
  });

  it('searches names with ILIKE, wildcards taken literally', async () => {
    expect(identities((await get('/api/game/games?name=ROUL')).json.data)).toEqual(['european-roulette']);
    expect(identities((await get('/api/game/games?name=ck')).json.data)).toEqual(['blackjack']);
    expect((await get('/api/game/games?name=%25%25')).json.data).toEqual([]);
    expect((await get('/api/game/games?name=__')).json.data).toEqual([]);
    expect((await get(`/api/game/games?name=${encodeURIComponent('\\%')}`)).json.data).toEqual([]);
  });

  it('filters by country: games of a collection limited elsewhere are left out', async () => {
    const us = await get('/api/game/games?countries[]=US');
    expect(identities(us.json.data)).toEqual(['neon-fruits', 'dice', 'mines', 'plinko']);
    expect((await get('/api/game/games?countries=DE')).json.meta.totalRows).toBe(6);
  });

  it('sorts by name, score, rtp, createdAt in either order', async () => {
    const order = async (q: string) => identities((await get(`/api/game/games?${q}`)).json.data);
    expect(await order('sortBy=name')).toEqual([
      'blackjack',
      'dice',
      'european-roulette',
      'mines',
      'neon-fruits',
      'plinko',
    ]);
    expect(await order('sortBy=name&sortOrder=desc')).toEqual([
      'plinko',
      'neon-fruits',
      'mines',
      'european-roulette',
      'dice',
      'blackjack',
    ]);
    // score, createdAt and rtp default to the best, newest, highest first.
    expect(await order('sortBy=score')).toEqual([
      'neon-fruits',
      'blackjack',
      'mines',
      'european-roulette',
      'plinko',
      'dice',
    ]);
    expect((await order('sortBy=rtp'))[0]).toBe('blackjack');
    expect((await order('sortBy=rtp&sortOrder=asc'))[0]).toBe('neon-fruits');
    expect(await order('sortBy=createdAt')).toHaveLength(6);
    expect(await order('sortBy=default&sortOrder=desc')).toEqual([...STUDIO].reverse());
  });

  it('refuses bad queries with 422 and field messages', async () => {
    const cases: [string, string][] = [
      ['name=a', 'name'],
      ['sortOrder=up', 'sortOrder'],
      ['perPage=0', 'perPage'],
      ['perPage=101', 'perPage'],
      ['page=abc', 'page'],
      ['countries[]=usa', 'countries.0'],
    ];
    for (const [q, field] of cases) {
      const res = await get(`/api/game/games?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.json.error.code).toBe(3);
      expect(Object.keys(res.json.error.fields), q).toContain(field);
      expect(res.json.error.fields[field][0]).toEqual(expect.any(String));
    }
  });

  it('answers one game by id or identity; 404 envelope otherwise, disabled games included', async () => {
    const byIdentity = await get('/api/game/games/mines');
    expect(byIdentity.status).toBe(200);
    expect(byIdentity.json.data).toMatchObject({ identity: 'mines', name: 'Mines', rtp: 99 });
    const byId = await get(`/api/game/games/${byIdentity.json.data.id}`);
    expect(byId.json.data.identity).toBe('mines');
    const byUpperId = await get(`/api/game/games/${byIdentity.json.data.id.toUpperCase()}`);
    expect(byUpperId.json.data.identity).toBe('mines');
    for (const missing of ['nope', '00000000-0000-4000-8000-000000000000', 'x'.repeat(100)]) {
      const res = await get(`/api/game/games/${missing}`);
      expect(res.status, missing).toBe(404);
      expect(res.json.error).toMatchObject({ code: 2, fields: {} });
    }
    await t.database.db.execute(sql`update game.games set enabled = false where identity = 'plinko'`);
    try {
      expect((await get('/api/game/games/plinko')).status).toBe(404);
      expect((await get('/api/game/games')).json.meta.totalRows).toBe(5);
      expect((await get('/api/game/providers')).json.data[0].gameEnabledCount).toBe(5);
    } finally {
      await t.database.db.execute(sql`update game.games set enabled = true where identity = 'plinko'`);
    }
  });

  it('lists every game endpoint in the OpenAPI document', async () => {
    const res = await get('/api/docs');
    expect(res.status).toBe(200);
    for (const e of Object.values(endpoints.game)) {
      expect(t.app.endpoints).toContain(e);
      const path = e.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(res.json.paths[path]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeDefined();
    }
  });

  it('matches the literal favorites and played segments before {idOrIdentity}', async () => {
    // As a guest both are auth endpoints: 401, not a "game not found".
    expect((await get('/api/game/games/favorites')).status).toBe(401);
    expect((await get('/api/game/games/played')).status).toBe(401);
    const { token } = await t.newPlayer(0);
    expect((await get('/api/game/games/favorites', { token })).json).toEqual({ data: [] });
    expect((await get('/api/game/games/played', { token })).json).toEqual({ data: [] });
  });

  it('keeps favorites per player: idempotent add and remove, newest first, unknown game 404', async () => {
    const a = await t.newPlayer(0);
    const b = await t.newPlayer(0);
    const games = (await get('/api/game/games')).json.data;
    const id = (identity: string) => games.find((g: { identity: string }) => g.identity === identity).id;
    const add = (token: string, gameId: string) => t.call('POST', `/api/game/games/${gameId}/favorite`, { token });
    const remove = (token: string, gameId: string) => t.call('DELETE', `/api/game/games/${gameId}/favorite`, { token });

    expect(identities((await add(a.token, id('dice'))).json.data)).toEqual(['dice']);
    await new Promise((r) => setTimeout(r, 5));
    const twice = await add(a.token, id('mines'));
    expect(identities(twice.json.data)).toEqual(['mines', 'dice']);
    expect(identities((await add(a.token, id('mines'))).json.data)).toEqual(['mines', 'dice']);
    // Another player's list is untouched; removing a game that is not a favorite changes nothing.
    expect((await get('/api/game/games/favorites', { token: b.token })).json.data).toEqual([]);
    expect((await remove(b.token, id('dice'))).json.data).toEqual([]);
    expect(identities((await get('/api/game/games/favorites', { token: a.token })).json.data)).toEqual([
      'mines',
      'dice',
    ]);
    expect(identities((await remove(a.token, id('mines'))).json.data)).toEqual(['dice']);
    expect(identities((await remove(a.token, id('mines'))).json.data)).toEqual(['dice']);

    const before = await rows(t.database.db, sql`select count(*)::int n from game.favorites`);
    for (const bad of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await add(a.token, bad);
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe(2);
      expect((await remove(a.token, bad)).status).toBe(404);
    }
    expect(await rows(t.database.db, sql`select count(*)::int n from game.favorites`)).toEqual(before);
    expect((await t.call('POST', `/api/game/games/${id('dice')}/favorite`)).status).toBe(401);
  });
});
