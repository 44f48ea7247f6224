import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createEditorTestApp, type EditorTestApp } from './helpers.ts';

// The game catalogue editor (issue 27, backoffice-api.md §9): list, edit, who may, what the lobby and the
// launch see at once, and the audit trail.

let t: EditorTestApp;
beforeAll(async () => {
  t = await createEditorTestApp();
});
afterAll(() => t.close());

const lobby = async (query = '') =>
  (await t.call('GET', `/api/game/games?perPage=100${query}`)).json.data.map((g: { identity: string }) => g.identity);
const reason = 'Catalogue review';

describe(`game catalogue editor: games (${databaseKind})`, () => {
  it('lists every game by lobby order, paged on the server, with filters', async () => {
    const all = await t.bo('GET', '/api/backoffice/games?perPage=3');
    expect(all.status).toBe(200);
    expect(all.json.meta).toEqual({ page: 1, perPage: 3, totalPages: 2, totalRows: 6 });
    expect(all.json.data.map((g: { identity: string }) => g.identity)).toEqual([
      'neon-fruits',
      'european-roulette',
      'blackjack',
    ]);
    expect(all.json.data[0]).toMatchObject({
      name: 'Neon Fruits',
      enabled: true,
      order: 1,
      provider: { identity: 'croupier-studio', name: 'Croupier Studio' },
      collections: [
        expect.objectContaining({ identity: 'new' }),
        expect.objectContaining({ identity: 'popular' }),
        expect.objectContaining({ identity: 'slots' }),
      ],
      badges: [],
      countries: [],
      restrictedCountries: [],
    });
    const ids = (res: { json: { data: { identity: string }[] } }) => res.json.data.map((g) => g.identity);
    expect(ids(await t.bo('GET', '/api/backoffice/games?collection=originals'))).toEqual(['dice', 'mines', 'plinko']);
    expect(ids(await t.bo('GET', '/api/backoffice/games?search=ROUL'))).toEqual(['european-roulette']);
    expect(ids(await t.bo('GET', '/api/backoffice/games?search=%25'))).toEqual([]);
    expect(ids(await t.bo('GET', '/api/backoffice/games?provider=croupier-studio&perPage=100'))).toHaveLength(6);
    expect(ids(await t.bo('GET', '/api/backoffice/games?provider=nobody'))).toEqual([]);
    expect(ids(await t.bo('GET', '/api/backoffice/games?enabled=false'))).toEqual([]);
    const providers = await t.bo('GET', '/api/backoffice/game-providers');
    expect(providers.json.data).toEqual([expect.objectContaining({ identity: 'croupier-studio', games: 6 })]);
  });

  it('tells every instance through the config bus (scope lobby) when a change commits, and only then', async () => {
    const id = await t.idOf('blackjack');
    await t.app.outbox.drain();
    const received = () => t.app.configBus.received.lobby;
    const before = received();
    // Refused inside the transaction (an unknown collection): rolled back, nothing announced.
    const refused = await t.bo('PUT', `/api/backoffice/games/${id}`, { score: 5, collections: [randomUUID()], reason });
    expect(refused.status).toBe(422);
    expect((await t.bo('GET', `/api/backoffice/games/${id}`)).json.data.score).toBe(80);
    await t.app.outbox.drain();
    expect(received()).toBe(before);
    const ok = await t.bo('PUT', `/api/backoffice/games/${id}`, { score: 81, reason });
    expect(ok.status).toBe(200);
    await t.app.outbox.drain();
    expect(received()).toBe(before + 1);
    await t.bo('PUT', `/api/backoffice/games/${id}`, { score: 80, reason });
  });

  it('refuses bad filters with 422 and fields, never a 500', async () => {
    for (const query of ['enabled=maybe', 'perPage=1000', 'page=0']) {
      const res = await t.bo('GET', `/api/backoffice/games?${query}`);
      expect([res.status, res.json.error.code], query).toEqual([422, ErrorCode.validation]);
    }
  });

  it('disabling a game takes it out of the lobby at once and refuses new launches; its open round still settles', async () => {
    const player = await t.newPlayer(100);
    const id = await t.idOf('dice');
    const launch = async () =>
      t.call('POST', '/api/game/games/dice/play', {
        token: player.token,
        body: { lobbyUrl: '/', locale: 'en', platform: 2, demoMode: false },
      });
    const started = await launch();
    expect(started.status).toBe(200);
    const token = started.json.data.token as string;
    // Two rounds left open: one is settled by a win, the other rolled back, after the game is disabled.
    const openRound = await t.round(token, '2.00', null);
    const refundRound = `r-${randomUUID()}`;
    const refundBet = `b-${randomUUID()}`;
    expect(
      (
        await t.studio('bet', {
          token,
          transactionId: refundBet,
          roundId: refundRound,
          amount: '1.00',
          currency: 'EUR',
        })
      ).status,
    ).toBe(200);
    // The lobby (cached for 60 s here) has it before the change.
    expect(await lobby()).toContain('dice');
    expect((await t.call('GET', '/api/game/games/dice')).status).toBe(200);

    const res = await t.bo('PUT', `/api/backoffice/games/${id}`, { enabled: false, reason: 'Provider incident' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id, identity: 'dice', enabled: false });

    expect(await lobby()).not.toContain('dice');
    expect(await lobby('&collectionId=originals')).toEqual(['mines', 'plinko']);
    expect((await t.call('GET', '/api/game/games/dice')).status).toBe(404);
    const refused = await launch();
    expect([refused.status, refused.json.error.code]).toEqual([404, ErrorCode.notFound]);
    const demo = await t.call('POST', '/api/game/games/dice/play', {
      body: { lobbyUrl: '/', locale: 'en', platform: 2, demoMode: true },
    });
    expect(demo.status).toBe(404);

    const win = await t.studio('win', {
      token,
      transactionId: `w-${randomUUID()}`,
      roundId: openRound,
      amount: '3.00',
      currency: 'EUR',
      closeRound: true,
    });
    expect([win.status, win.json.status]).toEqual([200, 'OK']);
    const rollback = await t.studio('rollback', {
      token,
      transactionId: `rb-${randomUUID()}`,
      rollbackTransactionId: refundBet,
      roundId: refundRound,
    });
    expect([rollback.status, rollback.json.status]).toEqual([200, 'OK']);
    // 100 − 2 − 1, + 3 (the open round won), + 1 (the other refunded).
    expect(win.json.balance).toBe('100.00');
    expect(rollback.json.balance).toBe('101.00');

    const [row] = (await t.audit('game.update')).filter((r) => r.target_id === id);
    expect(row).toMatchObject({
      staff_id: t.marketing.id,
      target_type: 'game',
      reason: 'Provider incident',
      result: 'ok',
      before: expect.objectContaining({ identity: 'dice', enabled: true }),
      after: expect.objectContaining({ identity: 'dice', enabled: false }),
    });

    // Enabled again: back in the lobby at once, and playable.
    await t.bo('PUT', `/api/backoffice/games/${id}`, { enabled: true, reason: 'Incident over' });
    expect(await lobby()).toContain('dice');
    expect((await launch()).status).toBe(200);
  });

  it('edits name, order, badges, collections and countries, audited before and after, seen by the lobby', async () => {
    const id = await t.idOf('mines');
    const collections = (await t.bo('GET', '/api/backoffice/game-collections')).json.data as {
      id: string;
      identity: string;
    }[];
    const slots = collections.find((c) => c.identity === 'slots')!.id;
    const res = await t.bo('PUT', `/api/backoffice/games/${id}`, {
      name: '  Mines Deluxe ',
      order: 0,
      badges: ['Hot', 'new', 'hot'],
      collections: [slots],
      countries: ['de', 'AT'],
      restrictedCountries: [],
      reason,
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      name: 'Mines Deluxe',
      order: 0,
      badges: ['hot', 'new'],
      countries: ['AT', 'DE'],
      collections: [expect.objectContaining({ identity: 'slots' })],
    });
    const [first] = (await t.call('GET', '/api/game/games?perPage=1')).json.data;
    expect(first).toMatchObject({ identity: 'mines', name: 'Mines Deluxe' });
    expect(first.labels.map((l: { name: string }) => l.name)).toEqual(['hot', 'new']);
    expect(await lobby('&collectionId=slots')).toEqual(['neon-fruits', 'mines']);
    expect(await lobby('&collectionId=originals')).not.toContain('mines');
    // Countries: shown and played only in AT and DE.
    expect(await lobby('&countries[]=DE')).toContain('mines');
    expect(await lobby('&countries[]=FR')).not.toContain('mines');
    const player = await t.newPlayer(0);
    const play = (country: string) =>
      t.call('POST', '/api/game/games/mines/play', {
        token: player.token,
        headers: { 'cf-ipcountry': country },
        body: { lobbyUrl: '/', locale: 'en', platform: 2, demoMode: true },
      });
    expect((await play('DE')).status).toBe(200);
    expect([(await play('FR')).status, (await play('FR')).json.error.code]).toEqual([422, ErrorCode.gameGeoRestricted]);

    const [row] = (await t.audit('game.update')).filter((r) => r.target_id === id);
    expect(row.before).toMatchObject({ name: 'Mines', order: 5, badges: [], collections: ['new', 'originals'] });
    expect(row.after).toMatchObject({
      name: 'Mines Deluxe',
      order: 0,
      badges: ['hot', 'new'],
      collections: ['slots'],
      countries: ['AT', 'DE'],
    });

    // Restricted in DE: gone there, even though DE is among its countries… refused as a contradiction.
    const both = await t.bo('PUT', `/api/backoffice/games/${id}`, {
      restrictedCountries: ['DE'],
      countries: ['DE'],
      reason,
    });
    expect([both.status, Object.keys(both.json.error.fields)]).toEqual([422, ['restrictedCountries']]);
    await t.bo('PUT', `/api/backoffice/games/${id}`, { countries: [], restrictedCountries: ['DE'], reason });
    expect(await lobby('&countries[]=DE')).not.toContain('mines');
    expect(await lobby('&countries[]=FR')).toContain('mines');
    expect((await play('DE')).json.error.code).toBe(ErrorCode.gameGeoRestricted);
  });

  it('refuses bad input with 422 and fields, an unknown game with 404, and writes nothing', async () => {
    const id = await t.idOf('blackjack');
    const before = (await t.bo('GET', `/api/backoffice/games/${id}`)).json.data;
    const cases: [unknown, string][] = [
      [{ enabled: false }, 'reason'],
      [{ enabled: false, reason: 'no' }, 'reason'],
      [{ enabled: 'yes', reason }, 'enabled'],
      [{ name: '', reason }, 'name'],
      [{ name: 'x'.repeat(101), reason }, 'name'],
      [{ order: -1, reason }, 'order'],
      [{ order: 1.5, reason }, 'order'],
      [{ badges: ['no spaces'], reason }, 'badges.0'],
      [{ badges: ['a', 'b', 'c', 'd', 'e', 'f'], reason }, 'badges'],
      [{ countries: ['Germany'], reason }, 'countries.0'],
      [{ collections: ['not-a-uuid'], reason }, 'collections.0'],
      [{ collections: [randomUUID()], reason }, 'collections'],
    ];
    for (const [body, field] of cases) {
      const res = await t.bo('PUT', `/api/backoffice/games/${id}`, body);
      expect([res.status, res.json.error.code], JSON.stringify(body)).toEqual([422, ErrorCode.validation]);
      expect(Object.keys(res.json.error.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await t.bo('GET', `/api/backoffice/games/${id}`)).json.data).toEqual(before);
    for (const url of [`/api/backoffice/games/${randomUUID()}`, '/api/backoffice/games/not-an-id']) {
      expect((await t.bo('PUT', url, { enabled: false, reason })).status).toBe(404);
      expect((await t.bo('GET', url)).status).toBe(404);
    }
    const malformed = await t.request({
      method: 'PUT',
      url: `/api/backoffice/games/${id}`,
      headers: { ...t.marketing.headers, 'content-type': 'application/json' },
      payload: '{"enabled":',
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
  });

  it('is refused (403, 20003, audited as denied) to roles without catalogue:write; owner and admin may', async () => {
    const id = await t.idOf('plinko');
    for (const role of ['support', 'finance', 'payments', 'compliance'] as const) {
      const staff = await t.staffAs(role);
      for (const [method, url, body] of [
        ['GET', '/api/backoffice/games', undefined],
        ['PUT', `/api/backoffice/games/${id}`, { enabled: false, reason }],
        ['POST', '/api/backoffice/games/bulk', { ids: [id], action: 'disable', reason }],
        ['GET', '/api/backoffice/game-collections', undefined],
      ] as const) {
        const res = await t.bo(method, url, body, staff);
        expect([res.status, res.json.error.code], `${role} ${method} ${url}`).toEqual([403, ErrorCode.staffForbidden]);
      }
    }
    expect(await lobby()).toContain('plinko');
    for (const role of ['owner', 'admin'] as const) {
      const res = await t.bo('PUT', `/api/backoffice/games/${id}`, { score: 66, reason }, await t.staffAs(role));
      expect(res.status, role).toBe(200);
    }
    const anonymous = await t.request({ method: 'GET', url: '/api/backoffice/games' });
    expect(anonymous.status).toBe(401);
  });

  it('bulk-disables and re-enables a selection in one transaction, one audit row per game changed', async () => {
    const ids = [await t.idOf('neon-fruits'), await t.idOf('blackjack')];
    const before = (await t.audit('game.bulk_update')).length;
    const off = await t.bo('POST', '/api/backoffice/games/bulk', { ids, action: 'disable', reason: 'Maintenance' });
    expect(off.status).toBe(200);
    expect(off.json.data.changed).toBe(2);
    expect(await lobby()).not.toContain('neon-fruits');
    expect(await lobby()).not.toContain('blackjack');
    const rows = (await t.audit('game.bulk_update')).slice(before);
    expect(rows.map((r) => [r.target_id, r.before.enabled, r.after.enabled, r.after.bulk, r.reason]).sort()).toEqual(
      ids.map((id) => [id, true, false, 'disable', 'Maintenance']).sort(),
    );
    // A game already in that state is not counted nor audited again.
    const again = await t.bo('POST', '/api/backoffice/games/bulk', { ids, action: 'disable', reason: 'Maintenance' });
    expect(again.json.data.changed).toBe(0);
    expect((await t.audit('game.bulk_update')).length).toBe(before + 2);
    // An unknown id refuses the whole selection: nothing changes.
    const mixed = await t.bo('POST', '/api/backoffice/games/bulk', {
      ids: [...ids, randomUUID()],
      action: 'enable',
      reason,
    });
    expect([mixed.status, Object.keys(mixed.json.error.fields)]).toEqual([422, ['ids']]);
    expect(await lobby()).not.toContain('neon-fruits');
    const on = await t.bo('POST', '/api/backoffice/games/bulk', { ids, action: 'enable', reason });
    expect(on.json.data.changed).toBe(2);
    expect(await lobby()).toEqual(expect.arrayContaining(['neon-fruits', 'blackjack']));
  });

  it('refuses bad bulk input with 422 and fields', async () => {
    const id = await t.idOf('neon-fruits');
    const cases: [unknown, string][] = [
      [{ ids: [], action: 'enable', reason }, 'ids'],
      [{ ids: [id], action: 'explode', reason }, 'action'],
      [{ ids: [id], action: 'addToCollection', reason }, 'collectionId'],
      [{ ids: [id], action: 'addToCollection', collectionId: randomUUID(), reason }, 'collectionId'],
      [{ ids: [id], action: 'enable' }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const res = await t.bo('POST', '/api/backoffice/games/bulk', body);
      expect([res.status, Object.keys(res.json.error?.fields ?? {})], JSON.stringify(body)).toEqual([422, [field]]);
    }
  });
});
