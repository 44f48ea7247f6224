import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createEditorTestApp, type EditorTestApp } from './helpers.ts';

// What the demo seeds, staff can also create and remove (issue 27, "done when"): a new game of an existing
// provider (disabled until checked), and removing a collection (its games stay).

let t: EditorTestApp;
beforeAll(async () => {
  t = await createEditorTestApp();
});
afterAll(() => t.close());

const reason = 'Catalogue review';
const lobby = async (query = '') =>
  (await t.call('GET', `/api/game/games?perPage=100${query}`)).json.data.map((g: { identity: string }) => g.identity);
const lobbyCollections = async () =>
  (await t.call('GET', '/api/game/collections')).json.data.map((c: { identity: string }) => c.identity);
const providerId = async (): Promise<string> => (await t.bo('GET', '/api/backoffice/game-providers')).json.data[0].id;
const collectionId = async (identity: string): Promise<string> =>
  (await t.bo('GET', '/api/backoffice/game-collections')).json.data.find(
    (c: { identity: string }) => c.identity === identity,
  ).id;

describe(`game catalogue editor: creating games, removing collections (${databaseKind})`, () => {
  it('creates a game of a provider, disabled until enabled, audited, last in the lobby', async () => {
    const res = await t.bo('POST', '/api/backoffice/games', {
      providerId: await providerId(),
      identity: 'Lucky-Sevens',
      name: 'Lucky Sevens',
      badges: ['new'],
      countries: ['de'],
      collections: [await collectionId('slots')],
      reason,
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      identity: 'lucky-sevens',
      name: 'Lucky Sevens',
      type: 'slots',
      enabled: false,
      order: 7,
      badges: ['new'],
      countries: ['DE'],
      provider: { identity: 'croupier-studio' },
      collections: [expect.objectContaining({ identity: 'slots' })],
    });
    const id = res.json.data.id as string;
    expect(await lobby('&countries[]=DE')).not.toContain('lucky-sevens');

    const [audit] = await t.audit('game.create');
    expect(audit).toMatchObject({
      staff_id: t.marketing.id,
      target_type: 'game',
      target_id: id,
      reason,
      before: null,
      after: expect.objectContaining({ identity: 'lucky-sevens', enabled: false, collections: ['slots'] }),
    });

    const enabled = await t.bo('PUT', `/api/backoffice/games/${id}`, { enabled: true, reason });
    expect(enabled.status).toBe(200);
    const shown = await lobby('&countries[]=DE');
    expect(shown).toContain('lucky-sevens');
    expect(shown.at(-1)).toBe('lucky-sevens');
  });

  it('refuses a taken identity or an unknown provider with 422 and fields, writing nothing', async () => {
    const provider = await providerId();
    const before = (await t.audit('game.create')).length;
    for (const [body, field] of [
      [{ providerId: provider, identity: 'dice', name: 'Dice again' }, 'identity'],
      [{ providerId: provider, identity: ' BLACKJACK ', name: 'Blackjack again' }, 'identity'],
      [{ providerId: randomUUID(), identity: 'nobody-game', name: 'Nobody' }, 'providerId'],
      [{ providerId: 'nope', identity: 'nobody-game', name: 'Nobody' }, 'providerId'],
      [{ providerId: provider, identity: 'bad identity!', name: 'Bad' }, 'identity'],
      [{ providerId: provider, identity: 'no-name', name: ' ' }, 'name'],
    ] as const) {
      const res = await t.bo('POST', '/api/backoffice/games', { ...body, reason });
      expect([res.status, res.json.error.code, Object.keys(res.json.error.fields)], JSON.stringify(body)).toEqual([
        422,
        ErrorCode.validation,
        [field],
      ]);
    }
    expect(await t.audit('game.create')).toHaveLength(before);
    expect((await t.bo('GET', '/api/backoffice/games?search=nobody')).json.data).toEqual([]);
    expect(
      (await t.bo('GET', '/api/backoffice/games?search=dice')).json.data.map((g: { name: string }) => g.name),
    ).toEqual(['Dice']);
  });

  it('refuses support (no catalogue:write) with 403', async () => {
    const support = await t.staffAs('support');
    const created = await t.bo(
      'POST',
      '/api/backoffice/games',
      { providerId: await providerId(), identity: 'support-game', name: 'Support game', reason },
      support,
    );
    expect(created.status).toBe(403);
    const removed = await t.bo(
      'DELETE',
      `/api/backoffice/game-collections/${await collectionId('new')}`,
      { reason },
      support,
    );
    expect(removed.status).toBe(403);
    expect(await lobbyCollections()).toContain('new');
  });

  it('removes a collection and its memberships, not its games, audited with its games', async () => {
    const id = await collectionId('originals');
    const gameIds = await Promise.all(['dice', 'mines', 'plinko'].map((g) => t.idOf(g)));
    const noReason = await t.bo('DELETE', `/api/backoffice/game-collections/${id}`, {});
    expect([noReason.status, Object.keys(noReason.json.error.fields)]).toEqual([422, ['reason']]);

    const res = await t.bo('DELETE', `/api/backoffice/game-collections/${id}`, { reason });
    expect([res.status, res.json.data]).toEqual([200, { id }]);
    expect(await lobbyCollections()).not.toContain('originals');
    expect(await lobby()).toEqual(expect.arrayContaining(['dice', 'mines', 'plinko']));
    const mines = (await t.bo('GET', `/api/backoffice/games/${gameIds[1]}`)).json.data;
    expect(mines.collections.map((c: { identity: string }) => c.identity)).toEqual(['new']);

    const [audit] = await t.audit('collection.remove');
    expect(audit).toMatchObject({
      staff_id: t.marketing.id,
      target_type: 'collection',
      target_id: id,
      reason,
      before: expect.objectContaining({ identity: 'originals', gameIds, games: ['dice', 'mines', 'plinko'] }),
      after: null,
    });

    const again = await t.bo('DELETE', `/api/backoffice/game-collections/${id}`, { reason });
    expect(again.status).toBe(404);
  });
});
