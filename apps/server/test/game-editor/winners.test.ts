import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createEditorTestApp, type EditorTestApp } from './helpers.ts';

// A game's own countries (issue 27) limit its live winners as a limited collection does (decision 0051): the
// winner goes to the per-country channels' family with `$only` naming where the game is available.

let t: EditorTestApp;
beforeAll(async () => {
  t = await createEditorTestApp();
});
afterAll(() => t.close());

describe(`live winners of a game limited to countries by the editor (${databaseKind})`, () => {
  it('names only the countries the game is shown in', async () => {
    const id = await t.idOf('blackjack');
    const res = await t.bo('PUT', `/api/backoffice/games/${id}`, { countries: ['SE', 'AT'], reason: 'Licence' });
    expect(res.status).toBe(200);
    const player = await t.newPlayer(100);
    const launch = await t.call('POST', '/api/game/games/blackjack/play', {
      token: player.token,
      headers: { 'cf-ipcountry': 'SE' },
      body: { lobbyUrl: '/', locale: 'en', platform: 2, demoMode: false },
    });
    expect(launch.status).toBe(200);
    await t.round(launch.json.data.token, '1.00', '20.00', 'blackjack');
    const rows = (await t.published(/^game:winners:/)).filter((m) =>
      JSON.stringify(m.data).includes('"gameId":"blackjack"'),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect((row.data as { $only?: string[] }).$only).toEqual(['AT', 'SE']);
  });

  it('follows an edit of the countries at the next win, not a minute later', async () => {
    const id = await t.idOf('blackjack');
    const win = async () => {
      const player = await t.newPlayer(100);
      const launch = await t.call('POST', '/api/game/games/blackjack/play', {
        token: player.token,
        headers: { 'cf-ipcountry': 'SE' },
        body: { lobbyUrl: '/', locale: 'en', platform: 2, demoMode: false },
      });
      expect(launch.status).toBe(200);
      const before = (await t.published(/^game:winners:/)).length;
      await t.round(launch.json.data.token, '1.00', '20.00', 'blackjack');
      return (await t.published(/^game:winners:/)).slice(before);
    };
    expect(
      (await t.bo('PUT', `/api/backoffice/games/${id}`, { countries: ['SE', 'AT'], reason: 'Licence' })).status,
    ).toBe(200);
    for (const row of await win()) expect((row.data as { $only?: string[] }).$only).toEqual(['AT', 'SE']);
    expect((await t.bo('PUT', `/api/backoffice/games/${id}`, { countries: ['SE'], reason: 'AT lapsed' })).status).toBe(
      200,
    );
    const after = await win();
    expect(after.length).toBeGreaterThan(0);
    for (const row of after) expect((row.data as { $only?: string[] }).$only).toEqual(['SE']);
  });
});
