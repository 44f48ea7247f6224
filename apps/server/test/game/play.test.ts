import { ErrorCode } from '@croupier/contracts';
import { verifyLaunch } from '@croupier/contracts/launch-link';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BeforeLaunchContext, type BeforeLaunchHook, launchRefusal } from '../../src/modules/game/index.ts';
import { databaseKind } from '../harness.ts';
import { rows } from '../wallet/db.ts';
import { createGameTestApp, type GameTestApp, STUDIO_SECRET } from './helpers.ts';

let t: GameTestApp;
/** The pre-launch check a test switches on (the app's `checks.beforeLaunch`). */
let launchCheck: BeforeLaunchHook | null = null;
beforeAll(async () => {
  t = await createGameTestApp({}, { checks: { beforeLaunch: [(ctx) => launchCheck?.(ctx)] } });
});
afterAll(() => t.close());

const start = { lobbyUrl: '/games', locale: 'en', countryCode: 'DE', platform: 2, demoMode: true };
const play = (game: string, body: object, opts: { token?: string; country?: string } = {}) =>
  t.call('POST', `/api/game/games/${game}/play`, {
    body,
    token: opts.token,
    headers: opts.country ? { 'cf-ipcountry': opts.country } : {},
  });
const launchOf = (gameUrl: string) => {
  // Absolute (decision 0050): on the origin the request came through, the studio being this process.
  expect(gameUrl.startsWith('http://localhost/studio/launch?')).toBe(true);
  const query = Object.fromEntries(new URL(gameUrl, 'http://x').searchParams);
  const checked = verifyLaunch(STUDIO_SECRET, query);
  if (!checked.ok) throw new Error(`launch link refused: ${checked.reason}`);
  return checked.params;
};
const counts = async () =>
  (
    await rows(
      t.database.db,
      sql`select (select count(*) from game.plays)::int plays,
        (select count(*) from wallet.seamless_sessions)::int sessions,
        (select count(*) from wallet.accounts)::int accounts`,
    )
  )[0];

describe(`game launch (${databaseKind})`, () => {
  it('lets a guest play demo by identity or id, writing nothing', async () => {
    const before = await counts();
    const res = await play('neon-fruits', start);
    expect(res.status).toBe(200);
    expect(res.json.data.token).toBe('');
    expect(launchOf(res.json.data.gameUrl)).toMatchObject({
      game: 'neon-fruits',
      mode: 'demo',
      currency: 'EUR',
      locale: 'en',
      lobby: '/games',
      player: '',
      token: '',
    });
    const id = (await t.call('GET', '/api/game/games/dice')).json.data.id;
    expect(launchOf((await play(id, start)).json.data.gameUrl).game).toBe('dice');
    expect(await counts()).toEqual(before);
  });

  it('refuses real play to a guest with 422 on demoMode (never 401/403), also with a bad token', async () => {
    const before = await counts();
    for (const token of [undefined, 'not-a-jwt']) {
      const res = await play('neon-fruits', { ...start, demoMode: false }, { token });
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe(ErrorCode.validation);
      expect(res.json.error.fields.demoMode).toEqual([expect.any(String)]);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for an unknown or disabled game', async () => {
    for (const game of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await play(game, start);
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe(ErrorCode.notFound);
    }
    await t.database.db.execute(sql`update game.games set enabled = false where identity = 'plinko'`);
    try {
      expect((await play('plinko', start)).status).toBe(404);
    } finally {
      await t.database.db.execute(sql`update game.games set enabled = true where identity = 'plinko'`);
    }
  });

  it('refuses a game whose collection is limited to other countries with 14308, by the geo country only', async () => {
    const { token } = await t.newPlayer(10);
    const before = await counts();
    for (const opts of [{ country: 'US' }, { country: 'US', token }]) {
      // The body's countryCode is the client's word (its fallback is 'UA'): it neither refuses nor allows.
      const res = await play('blackjack', { ...start, countryCode: 'DE', demoMode: !opts.token }, opts);
      expect(res.status).toBe(422);
      expect(res.json.error).toMatchObject({ code: ErrorCode.gameGeoRestricted, fields: {} });
    }
    expect(await counts()).toEqual(before);
    expect((await play('blackjack', start, { country: 'DE' })).status).toBe(200);
    expect((await play('blackjack', { ...start, countryCode: 'US' }, { country: 'DE' })).status).toBe(200);
    expect((await play('blackjack', { ...start, countryCode: 'UA' })).status).toBe(200);
    expect((await play('neon-fruits', { ...start, countryCode: 'US' }, { country: 'US' })).status).toBe(200);
  });

  it('takes a lobby URL as a path or on the origin the player uses, nothing else', async () => {
    const ok = await play('dice', { ...start, lobbyUrl: 'http://localhost/main' });
    expect(ok.status).toBe(200);
    const bad = await play('dice', { ...start, lobbyUrl: 'https://evil.example/main' });
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields.lobbyUrl).toBeDefined();
  });

  it('launches real play from the active account with a working seamless token, and records it', async () => {
    const { token, playerId } = await t.newPlayer(100);
    const res = await play('neon-fruits', { ...start, demoMode: false, locale: 'de' }, { token });
    expect(res.status).toBe(200);
    const launch = launchOf(res.json.data.gameUrl);
    expect(launch).toMatchObject({ game: 'neon-fruits', mode: 'real', currency: 'EUR', locale: 'de' });
    expect(launch.token).toBe(res.json.data.token);
    expect(launch.player).toMatch(/^[0-9a-f]{32}$/);
    expect(launch.player).not.toContain(playerId);
    const balance = await t.studio('balance', { token: res.json.data.token });
    expect(balance.json).toEqual({ status: 'OK', balance: '100.00', currency: 'EUR' });
    const played = await rows(t.database.db, sql`select demo from game.plays where player_id = ${playerId}`);
    expect(played).toEqual([{ demo: false }]);
    // The same player in demo: no token, no player reference, the play row now says demo.
    const demo = await play('neon-fruits', start, { token });
    expect(demo.json.data.token).toBe('');
    expect(launchOf(demo.json.data.gameUrl)).toMatchObject({ mode: 'demo', currency: 'EUR', player: '' });
    expect(await rows(t.database.db, sql`select demo from game.plays where player_id = ${playerId}`)).toEqual([
      { demo: true },
    ]);
  });

  it('plays from a chosen own account; another player’s account is 404 and writes nothing', async () => {
    const a = await t.newPlayer(0);
    const b = await t.newPlayer(0);
    const usd = await t.call('POST', '/api/wallet/accounts', { token: a.token, body: { currency: 'USD' } });
    expect(usd.status).toBe(200);
    const usdId = usd.json.data.find((x: { currency: string }) => x.currency === 'USD').id;
    const res = await play('dice', { ...start, demoMode: false, accountId: usdId }, { token: a.token });
    expect(res.status).toBe(200);
    expect(launchOf(res.json.data.gameUrl).currency).toBe('USD');
    const before = await counts();
    const foreign = await play('dice', { ...start, demoMode: false, accountId: usdId }, { token: b.token });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe(ErrorCode.notFound);
    expect(await counts()).toEqual(before);
  });

  it('refuses a currency the game does not take (422 accountId) and a limited player (14103)', async () => {
    const { token, playerId } = await t.newPlayer(10);
    await t.database.db.execute(sql`update game.games set currencies = '{USD}' where identity = 'mines'`);
    try {
      const before = await counts();
      const res = await play('mines', { ...start, demoMode: false }, { token });
      expect(res.status).toBe(422);
      expect(res.json.error.fields.accountId).toEqual([expect.stringContaining('EUR')]);
      expect(await counts()).toEqual(before);
      // Demo still runs, in a currency the game takes.
      const demo = await play('mines', start, { token });
      expect(launchOf(demo.json.data.gameUrl).currency).toBe('USD');
    } finally {
      await t.database.db.execute(sql`update game.games set currencies = '{}' where identity = 'mines'`);
    }
    await t.database.db.execute(sql`update player.players set status = 5 where id = ${playerId}`);
    const before = await counts();
    const limited = await play('mines', { ...start, demoMode: false }, { token });
    expect(limited.status).toBe(422);
    expect(limited.json.error.code).toBe(ErrorCode.realPlayLimited);
    expect(await counts()).toEqual(before);
  });

  it('runs the pre-launch hooks: a refusal answers its code and launches nothing', async () => {
    const { token, playerId } = await t.newPlayer(10);
    const seen: BeforeLaunchContext[] = [];
    const codes = [
      ErrorCode.gameLimitReached,
      ErrorCode.gameLossLimitReached,
      ErrorCode.gameSessionLimitReached,
      ErrorCode.betsRestricted,
    ] as const;
    for (const code of codes) {
      launchCheck = (ctx) => {
        seen.push(ctx);
        if (ctx.mode === 'real') throw launchRefusal(code, 'limit');
      };
      try {
        const before = await counts();
        const res = await play('plinko', { ...start, demoMode: false }, { token });
        expect(res.status).toBe(422);
        expect(res.json.error).toMatchObject({ code, message: 'limit', fields: {} });
        expect(await counts()).toEqual(before);
        expect((await play('plinko', start, { token })).status).toBe(200);
      } finally {
        launchCheck = null;
      }
    }
    expect(seen[0]).toMatchObject({
      playerId,
      gameIdentity: 'plinko',
      mode: 'real',
      currency: 'EUR',
      accountId: expect.any(String),
      country: null,
    });
    expect(seen[1]).toMatchObject({ mode: 'demo', accountId: null });
    expect((await play('plinko', { ...start, demoMode: false }, { token })).status).toBe(200);
  });

  it('refuses bad bodies with 422 field messages and writes nothing', async () => {
    const { token } = await t.newPlayer(10);
    const before = await counts();
    const cases: [object, string][] = [
      [{ ...start, demoMode: undefined }, 'demoMode'],
      [{ ...start, demoMode: 'yes' }, 'demoMode'],
      [{ ...start, platform: 3 }, 'platform'],
      [{ ...start, countryCode: 'de' }, 'countryCode'],
      [{ ...start, locale: 'x' }, 'locale'],
      [{ ...start, accountId: 'abc', demoMode: false }, 'accountId'],
      [{ ...start, lobbyUrl: 'https://evil.example/' }, 'lobbyUrl'],
      [{ ...start, lobbyUrl: '//evil.example/' }, 'lobbyUrl'],
      [{ ...start, lobbyUrl: 'javascript:alert(1)' }, 'lobbyUrl'],
    ];
    for (const [body, field] of cases) {
      const res = await play('neon-fruits', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.fields[field], JSON.stringify(body)).toEqual([expect.any(String)]);
    }
    expect(await counts()).toEqual(before);
    const own = await play('neon-fruits', { ...start, lobbyUrl: `${t.config.publicUrl}/games` }, { token });
    expect(own.status).toBe(200);
  });

  it('lists recently played games newest first, with perPage, platform and country filters', async () => {
    const { token } = await t.newPlayer(10);
    for (const game of ['dice', 'european-roulette', 'mines', 'dice']) {
      expect((await play(game, start, { token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 5));
    }
    const list = async (q = '') =>
      (await t.call('GET', `/api/game/games/played${q}`, { token })).json.data.map(
        (g: { identity: string }) => g.identity,
      );
    expect(await list()).toEqual(['dice', 'mines', 'european-roulette']);
    expect(await list('?perPage=2')).toEqual(['dice', 'mines']);
    expect(await list('?countryCode=US')).toEqual(['dice', 'mines']);
    expect(await list('?platform=1')).toEqual(['dice', 'mines', 'european-roulette']);
    await t.database.db.execute(sql`update game.games set platforms = '{2}' where identity = 'mines'`);
    try {
      expect(await list('?platform=1')).toEqual(['dice', 'european-roulette']);
    } finally {
      await t.database.db.execute(sql`update game.games set platforms = '{1,2}' where identity = 'mines'`);
    }
    const bad = await t.call('GET', '/api/game/games/played?perPage=0&countryCode=usa', { token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['countryCode', 'perPage']);
  });
});
