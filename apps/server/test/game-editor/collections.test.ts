import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createEditorTestApp, type EditorTestApp } from './helpers.ts';

// Collections in the catalogue editor (issue 27): list, create, rename, reorder, their games and order, and
// the bulk "add to / remove from a collection" over a selection of games.

let t: EditorTestApp;
beforeAll(async () => {
  t = await createEditorTestApp();
});
afterAll(() => t.close());

const reason = 'Lobby refresh';
type Row = { id: string; identity: string; name: string; order: number; games: number };
const collections = async (): Promise<Row[]> => (await t.bo('GET', '/api/backoffice/game-collections')).json.data;
const lobbyCollections = async () =>
  (await t.call('GET', '/api/game/collections')).json.data.map((c: { identity: string }) => c.identity);
const lobbyGames = async (collection: string) =>
  (await t.call('GET', `/api/game/games?collectionId=${collection}&perPage=100`)).json.data.map(
    (g: { identity: string }) => g.identity,
  );

describe(`game catalogue editor: collections (${databaseKind})`, () => {
  it('lists every collection in lobby order with its number of games', async () => {
    expect((await collections()).map((c) => [c.identity, c.order, c.games])).toEqual([
      ['new', 1, 3],
      ['popular', 2, 3],
      ['slots', 3, 1],
      ['table-games', 4, 2],
      ['originals', 5, 3],
    ]);
  });

  it('creates, renames, hides and reorders collections, each audited, the lobby seeing it at once', async () => {
    const created = await t.bo('POST', '/api/backoffice/game-collections', {
      identity: 'Live-Casino',
      name: 'Live casino',
      reason,
    });
    expect(created.status).toBe(200);
    expect(created.json.data).toMatchObject({ identity: 'live-casino', name: 'Live casino', order: 6, games: 0 });
    const id = created.json.data.id as string;
    expect(await lobbyCollections()).toContain('live-casino');

    const taken = await t.bo('POST', '/api/backoffice/game-collections', {
      identity: 'live-casino',
      name: 'X',
      reason,
    });
    expect([taken.status, Object.keys(taken.json.error.fields)]).toEqual([422, ['identity']]);

    const renamed = await t.bo('PUT', `/api/backoffice/game-collections/${id}`, { name: 'Live dealers', reason });
    expect(renamed.json.data).toMatchObject({ identity: 'live-casino', name: 'Live dealers' });
    const [audit] = await t.audit('collection.update');
    expect(audit).toMatchObject({
      target_type: 'collection',
      target_id: id,
      reason,
      before: expect.objectContaining({ name: 'Live casino' }),
      after: expect.objectContaining({ name: 'Live dealers' }),
    });

    const ids = (await collections()).map((c) => c.id);
    const order = [id, ...ids.filter((x) => x !== id)];
    const reordered = await t.bo('PUT', '/api/backoffice/game-collections/order', { ids: order, reason });
    expect(reordered.status).toBe(200);
    expect(reordered.json.data.map((c: Row) => c.id)).toEqual(order);
    expect((await lobbyCollections())[0]).toBe('live-casino');
    const [reorder] = await t.audit('collection.reorder');
    expect(reorder.before.order.at(-1)).toBe('live-casino');
    expect(reorder.after.order[0]).toBe('live-casino');

    // Not every collection, or one twice: refused, nothing moves.
    for (const bad of [order.slice(1), [...order, order[0]], [...order.slice(1), randomUUID()]]) {
      const res = await t.bo('PUT', '/api/backoffice/game-collections/order', { ids: bad, reason });
      expect([res.status, Object.keys(res.json.error.fields)]).toEqual([422, ['ids']]);
    }
    expect((await collections()).map((c) => c.id)).toEqual(order);

    await t.bo('PUT', `/api/backoffice/game-collections/${id}`, { isHidden: true, countries: ['gb'], reason });
    const lobby = (await t.call('GET', '/api/game/collections')).json.data.find(
      (c: { identity: string }) => c.identity === 'live-casino',
    );
    expect(lobby).toMatchObject({ isHidden: true, countries: ['GB'] });
  });

  it("sets a collection's games whole and in order; the lobby's collection order follows", async () => {
    const originals = (await collections()).find((c) => c.identity === 'originals')!;
    const current = (await t.bo('GET', `/api/backoffice/game-collections/${originals.id}/games`)).json.data;
    expect(current.map((g: { identity: string }) => g.identity)).toEqual(['dice', 'mines', 'plinko']);
    const [dice, mines, plinko] = current.map((g: { id: string }) => g.id);
    const neon = (await t.bo('GET', '/api/backoffice/games?search=neon')).json.data[0].id;
    const res = await t.bo('PUT', `/api/backoffice/game-collections/${originals.id}/games`, {
      gameIds: [plinko, neon, dice],
      reason,
    });
    expect(res.status).toBe(200);
    expect(res.json.data.map((g: { identity: string }) => g.identity)).toEqual(['plinko', 'neon-fruits', 'dice']);
    expect(await lobbyGames('originals')).toEqual(['plinko', 'neon-fruits', 'dice']);
    const [audit] = await t.audit('collection.games');
    expect(audit.before).toEqual({ games: ['dice', 'mines', 'plinko'] });
    expect(audit.after).toEqual({ games: ['plinko', 'neon-fruits', 'dice'] });
    expect(mines).toBeDefined();

    for (const [body, field] of [
      [{ gameIds: [dice, dice], reason }, 'gameIds'],
      [{ gameIds: [randomUUID()], reason }, 'gameIds'],
      [{ gameIds: [dice] }, 'reason'],
    ] as const) {
      const bad = await t.bo('PUT', `/api/backoffice/game-collections/${originals.id}/games`, body);
      expect([bad.status, Object.keys(bad.json.error.fields)], JSON.stringify(body)).toEqual([422, [field]]);
    }
    expect(await lobbyGames('originals')).toEqual(['plinko', 'neon-fruits', 'dice']);
    const unknown = randomUUID();
    expect((await t.bo('GET', `/api/backoffice/game-collections/${unknown}/games`)).status).toBe(404);
    expect(
      (await t.bo('PUT', `/api/backoffice/game-collections/${unknown}/games`, { gameIds: [], reason })).status,
    ).toBe(404);
    expect((await t.bo('PUT', `/api/backoffice/game-collections/${unknown}`, { name: 'X', reason })).status).toBe(404);
  });

  it('adds a selection of games to a collection (last, in order) and removes them, one audit row per game', async () => {
    const slots = (await collections()).find((c) => c.identity === 'slots')!;
    const ids = (await t.bo('GET', '/api/backoffice/games?collection=table-games')).json.data.map(
      (g: { id: string }) => g.id,
    );
    const add = await t.bo('POST', '/api/backoffice/games/bulk', {
      ids,
      action: 'addToCollection',
      collectionId: slots.id,
      reason,
    });
    expect(add.json.data.changed).toBe(2);
    expect(await lobbyGames('slots')).toEqual(['neon-fruits', 'european-roulette', 'blackjack']);
    const rows = await t.audit('game.bulk_update');
    expect(rows).toHaveLength(2);
    expect(rows[0].before.collections).not.toContain('slots');
    expect(rows[0].after.collections).toContain('slots');

    const remove = await t.bo('POST', '/api/backoffice/games/bulk', {
      ids,
      action: 'removeFromCollection',
      collectionId: slots.id,
      reason,
    });
    expect(remove.json.data.changed).toBe(2);
    expect(await lobbyGames('slots')).toEqual(['neon-fruits']);
  });

  it('refuses bad collection input with 422 and fields, and roles without catalogue:write with 403', async () => {
    for (const [body, field] of [
      [{ identity: 'Bad identity!', name: 'X', reason }, 'identity'],
      [{ identity: 'ok', name: '', reason }, 'name'],
      [{ identity: 'ok', name: 'OK', countries: ['XXX'], reason }, 'countries.0'],
      [{ identity: 'ok', name: 'OK' }, 'reason'],
    ] as const) {
      const res = await t.bo('POST', '/api/backoffice/game-collections', body);
      expect([res.status, res.json.error.code], JSON.stringify(body)).toEqual([422, ErrorCode.validation]);
      expect(Object.keys(res.json.error.fields)).toContain(field);
    }
    const support = await t.staffAs('support');
    const res = await t.bo('POST', '/api/backoffice/game-collections', { identity: 'x', name: 'X', reason }, support);
    expect([res.status, res.json.error.code]).toEqual([403, ErrorCode.staffForbidden]);
  });
});
