import type { FormField } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createGameTestApp, type GameTestApp } from '../game/helpers.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp, registration, uniqueEmail } from '../player/helpers.ts';

// Issue 16 items 2 (sort values from the CMS) and 6 (registration fields follow the sign-up modes).

const identities = (list: { identity: string }[]) => list.map((g) => g.identity);

describe(`sortBy values of the seed's client (${databaseKind})`, () => {
  let t: GameTestApp;
  const games = async (q: string) => {
    const res = await t.call('GET', `/api/game/games?perPage=50&${q}`);
    expect(res.status, q).toBe(200);
    return identities(res.json.data);
  };
  let defaultOrder: string[];
  beforeAll(async () => {
    t = await createGameTestApp();
    defaultOrder = await games('');
    const [a, b, c] = [await t.newPlayer(0), await t.newPlayer(0), await t.newPlayer(0)];
    const launch = (token: string, game: string) =>
      t.call('POST', `/api/game/games/${game}/play`, {
        token,
        body: { lobbyUrl: '/', locale: 'en', platform: 2, demoMode: true },
      });
    // mines: two players this week; dice: one; plinko: one, but 8 days ago.
    for (const [p, game] of [
      [a, 'mines'],
      [b, 'mines'],
      [a, 'dice'],
      [c, 'plinko'],
    ] as const) {
      expect((await launch(p.token, game)).status).toBe(200);
    }
    await t.database.db.execute(
      sql`update game.plays set last_played_at = now() - interval '8 days' where player_id = ${c.playerId}`,
    );
    // blackjack: two favourites; plinko: one.
    for (const [p, game] of [
      [a, 'blackjack'],
      [b, 'blackjack'],
      [c, 'plinko'],
    ] as const) {
      expect((await t.call('POST', `/api/game/games/${game}/favorite`, { token: p.token })).status).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('popular: players in the last 7 days, most first, ties in the default order', async () => {
    const rest = defaultOrder.filter((g) => g !== 'mines' && g !== 'dice');
    expect(await games('sortBy=popular')).toEqual(['mines', 'dice', ...rest]);
    expect(await games('sortBy=popular&sortOrder=desc')).toEqual(['mines', 'dice', ...rest]);
    expect(await games('sortBy=popular&sortOrder=asc')).toEqual([...rest, 'dice', 'mines']);
  });

  it('rating: favourites, most first; order: the collection order (the default)', async () => {
    const rest = defaultOrder.filter((g) => g !== 'blackjack' && g !== 'plinko');
    expect(await games('sortBy=rating')).toEqual(['blackjack', 'plinko', ...rest]);
    expect(await games('sortBy=order')).toEqual(defaultOrder);
    expect(await games('sortBy=order&sortOrder=desc')).toEqual([...defaultOrder].reverse());
    const collection = (await t.call('GET', '/api/game/collections')).json.data[0].identity as string;
    expect(await games(`sortBy=order&collectionId=${collection}`)).toEqual(
      await games(`sortBy=default&collectionId=${collection}`),
    );
    // Paginated like any other order.
    const page = await t.call('GET', '/api/game/games?sortBy=rating&perPage=1&page=2');
    expect(identities(page.json.data)).toEqual(['plinko']);
    expect(page.json.meta).toMatchObject({ page: 2, perPage: 1, totalRows: defaultOrder.length });
  });

  it('falls back to the default order for any other value, never 422', async () => {
    for (const q of ['sortBy=whatever', 'sortBy=', 'sortBy[]=name', `sortBy=${'x'.repeat(3000)}`, 'sortBy=Popular']) {
      expect(await games(q), q).toEqual(defaultOrder);
    }
    // sortOrder is still checked.
    expect((await t.call('GET', '/api/game/games?sortBy=popular&sortOrder=up')).status).toBe(422);
    for (const q of ['sortBy=order', 'sortBy=popular', 'sortBy=whatever', 'sortBy=name&sortOrder=desc']) {
      const res = await t.call('GET', `/api/game/providers?${q}`);
      expect(res.status, q).toBe(200);
      expect(res.json.data.length).toBeGreaterThan(0);
    }
  });
});

describe(`registration fields follow the sign-up modes (${databaseKind})`, () => {
  const apps: PlayerTestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });
  const names = async (t: PlayerTestApp) =>
    ((await t.call('GET', '/api/player/fields/validations?scenario=registration')).json.data as FormField[]).map(
      (f) => f.name,
    );
  const modes = async (t: PlayerTestApp) =>
    (await t.call('GET', '/api/settings/constants')).json.data.player.registration;

  it('e-mail only: the e-mail field, no phone box; phone sign-up is refused on its field', async () => {
    const t = await createPlayerTestApp({ SIGN_UP_MODES: 'email' });
    apps.push(t);
    expect(await modes(t)).toEqual({ email: true, phone: false });
    const list = await names(t);
    expect(list).toContain('email');
    expect(list).not.toContain('phone');
    expect(list).toContain('password');
    const phone = await t.call('POST', '/api/player/register/phone', {
      body: { ...registration(uniqueEmail()), email: undefined, phone: '380501234567', code: '123456' },
    });
    expect(phone.status).toBe(422);
    expect(phone.json.error.fields).toEqual({ phone: [expect.stringMatching(/not available/)] });
    expect((await t.call('POST', '/api/player/register', { body: registration(uniqueEmail()) })).status).toBe(200);
  });

  it('phone only: the phone field, no e-mail box; e-mail sign-up is refused on its field', async () => {
    const t = await createPlayerTestApp({ SIGN_UP_MODES: ' phone ' });
    apps.push(t);
    expect(await modes(t)).toEqual({ email: false, phone: true });
    const list = await names(t);
    expect(list).toContain('phone');
    expect(list).not.toContain('email');
    const email = await t.call('POST', '/api/player/register', { body: registration(uniqueEmail()) });
    expect(email.status).toBe(422);
    expect(Object.keys(email.json.error.fields)).toEqual(['email']);
  });

  it('both: each tab adds its own identifier, so neither is listed; a bad setting stops the start', async () => {
    const t = await createPlayerTestApp({ SIGN_UP_MODES: 'phone,email' });
    apps.push(t);
    expect(await modes(t)).toEqual({ email: true, phone: true });
    const list = await names(t);
    expect(list).not.toContain('email');
    expect(list).not.toContain('phone');
    for (const bad of ['sms', 'email,sms', 'email;phone', ',']) {
      expect(() => loadConfig({ NODE_ENV: 'test', SIGN_UP_MODES: bad }), bad).toThrow(ConfigError);
    }
  });
});
