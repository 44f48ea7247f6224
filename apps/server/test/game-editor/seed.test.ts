import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames, seedSportsbookGame } from '../../src/modules/game/seed.ts';
import { databaseKind } from '../harness.ts';
import { rows } from '../wallet/db.ts';
import { createEditorTestApp, type EditorTestApp } from './helpers.ts';

// The demo's catalogue is written through the editor's own service functions (saveGame, saveCollection,
// addGamesToCollection): one way to create or change a game. The seed stays idempotent and its content the same.

let t: EditorTestApp;
beforeAll(async () => {
  t = await createEditorTestApp();
});
afterAll(() => t.close());

const snapshot = async () => ({
  games: await rows(
    t.database.db,
    sql`select g.identity, g.name, g.type, g.volatility, g.paylines, g.rtp::text rtp, g.description, g.is_demo_mode,
          g.enabled, g.position, g.score, g.platforms, g.currencies, g.image_path, g.custom_image_path, g.badges,
          g.countries, g.restricted_countries, p.identity provider
        from game.games g join game.providers p on p.id = g.provider_id order by g.identity`,
  ),
  collections: await rows(
    t.database.db,
    sql`select identity, name, position, countries, is_hidden from game.collections order by identity`,
  ),
  links: await rows(
    t.database.db,
    sql`select c.identity collection, g.identity game, gc.position from game.game_collections gc
        join game.collections c on c.id = gc.collection_id join game.games g on g.id = gc.game_id
        order by 1, 3, 2`,
  ),
});

describe(`the demo catalogue through the editor's service (${databaseKind})`, () => {
  it('seeds the demo content: six studio games and five collections, in their order', async () => {
    await seedSportsbookGame(t.database.db);
    const s = await snapshot();
    expect(
      s.games.map((g) => [g.identity, g.name, g.position, g.score, g.enabled, g.is_demo_mode, g.provider]),
    ).toEqual([
      ['betsy-sportsbook-betsy', 'Sportsbook', 100, 0, true, false, 'betsy'],
      ['blackjack', 'Blackjack', 3, 80, true, true, 'croupier-studio'],
      ['dice', 'Dice', 4, 60, true, true, 'croupier-studio'],
      ['european-roulette', 'European Roulette', 2, 70, true, true, 'croupier-studio'],
      ['mines', 'Mines', 5, 75, true, true, 'croupier-studio'],
      ['neon-fruits', 'Neon Fruits', 1, 90, true, true, 'croupier-studio'],
      ['plinko', 'Plinko', 6, 65, true, true, 'croupier-studio'],
    ]);
    expect(s.games.find((g) => g.identity === 'neon-fruits')).toMatchObject({
      type: 'slots',
      volatility: 'high',
      paylines: 10,
      rtp: '96.69',
      image_path: '/assets/games/neon-fruits',
      custom_image_path: null,
      badges: [],
      countries: [],
      restricted_countries: [],
    });
    expect(s.collections.map((c) => [c.identity, c.name, c.position])).toEqual([
      ['new', 'New', 1],
      ['originals', 'Originals', 5],
      ['popular', 'Popular', 2],
      ['slots', 'Slots', 3],
      ['table-games', 'Table games', 4],
    ]);
    expect(s.links).toEqual([
      { collection: 'new', game: 'neon-fruits', position: 1 },
      { collection: 'new', game: 'mines', position: 5 },
      { collection: 'new', game: 'plinko', position: 6 },
      { collection: 'originals', game: 'dice', position: 4 },
      { collection: 'originals', game: 'mines', position: 5 },
      { collection: 'originals', game: 'plinko', position: 6 },
      { collection: 'popular', game: 'neon-fruits', position: 1 },
      { collection: 'popular', game: 'european-roulette', position: 2 },
      { collection: 'popular', game: 'blackjack', position: 3 },
      { collection: 'slots', game: 'neon-fruits', position: 1 },
      { collection: 'table-games', game: 'european-roulette', position: 2 },
      { collection: 'table-games', game: 'blackjack', position: 3 },
    ]);
  });

  it('is idempotent: a second and third run change nothing', async () => {
    const first = await snapshot();
    await seedGames(t.database.db);
    await seedSportsbookGame(t.database.db);
    await seedGames(t.database.db);
    expect(await snapshot()).toEqual(first);
  });

  it("keeps an operator's state, order, score and badges, restoring only the descriptive fields", async () => {
    const id = await t.idOf('dice');
    const res = await t.bo('PUT', `/api/backoffice/games/${id}`, {
      enabled: false,
      order: 42,
      score: 1,
      badges: ['hot'],
      name: 'Dice Pro',
      reason: 'Operator edit',
    });
    expect(res.status).toBe(200);
    await seedGames(t.database.db);
    const [dice] = (await snapshot()).games.filter((g) => g.identity === 'dice');
    expect(dice).toMatchObject({ enabled: false, position: 42, score: 1, badges: ['hot'], name: 'Dice' });
    // The seed wrote no audit row (it is not a staff change).
    expect((await t.audit('game.update')).map((r) => r.target_id)).toEqual([id]);
  });
});
