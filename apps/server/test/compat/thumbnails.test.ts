import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames, seedSportsbookGame } from '../../src/modules/game/seed.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp } from '../player/helpers.ts';

// Issue 29 §2.3: the seed's client draws a game card from `images` (or `customImages`) 200x300 and 200x200; the
// sportsbook had neither and showed an empty card. Every seeded game has both, and the art the web build renders
// them from (apps/web/scripts/thumbnails.mjs: art/games/{identity}.svg → /assets/games/{identity}/…).

const ART = resolve(import.meta.dirname, '../../../web/art/games');

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
  await seedGames(t.database.db);
  await seedSportsbookGame(t.database.db);
});
afterAll(() => t.close());

describe(`game thumbnails (${databaseKind})`, () => {
  it('every game of the catalogue, the sportsbook too, has its 200x300 and 200x200 images and their art', async () => {
    const res = await t.call('GET', '/api/game/games?perPage=100');
    expect(res.status).toBe(200);
    const games = res.json.data as { identity: string; images: Record<string, Record<string, string>> }[];
    expect(games.map((g) => g.identity)).toContain('betsy-sportsbook-betsy');
    for (const game of games) {
      for (const size of ['200x300', '200x200']) {
        expect(game.images[size], `${game.identity} ${size}`).toEqual({
          '1x': `/assets/games/${game.identity}/${size}@1x.png`,
          '2x': `/assets/games/${game.identity}/${size}@2x.png`,
          '3x': `/assets/games/${game.identity}/${size}@3x.png`,
        });
      }
      expect(existsSync(`${ART}/${game.identity}.svg`), `art of ${game.identity}`).toBe(true);
    }
  });

  it('keeps them when the sportsbook is seeded again over a row from before', async () => {
    await seedSportsbookGame(t.database.db);
    const res = await t.call('GET', '/api/game/games/betsy-sportsbook-betsy');
    expect(res.json.data.images['200x300']['2x']).toBe('/assets/games/betsy-sportsbook-betsy/200x300@2x.png');
  });
});
