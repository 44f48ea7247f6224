import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { card, deposit, type Player } from '../payment/helpers.ts';
import { registerPlayer, uniqueEmail } from '../player/helpers.ts';
import type { SeamlessTestApp } from '../seamless/helpers.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';
import { auditOf, playersTestApp, rowsOf } from './players-helpers.ts';

let t: SeamlessTestApp;
let support: TestStaff;
beforeAll(async () => {
  t = await playersTestApp();
  support = await signedInStaff(t, 'support', { name: 'Sam Support' });
});
afterAll(() => t.close());

const get = (url: string, staff: TestStaff = support) => t.request({ method: 'GET', url, headers: staff.headers });
const post = (url: string, payload: object, staff: TestStaff = support) =>
  t.request({ method: 'POST', url, headers: staff.headers, payload });
const search = (text: string, more = '') => get(`/api/backoffice/players?search=${encodeURIComponent(text)}${more}`);

/** A player with a phone and a nickname (set straight in the table: the registration form asks for neither). */
async function knownPlayer(tag: string) {
  const email = uniqueEmail(`find-${tag}-`);
  const { auth } = await registerPlayer(t, email);
  const id = auth.profile.id;
  const phone = `4917${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 90 + 10)}`;
  const nickname = `Nick${tag}${randomUUID().slice(0, 6)}`;
  await t.database.db.execute(sql`update player.players set phone = ${phone}, nickname = ${nickname} where id = ${id}`);
  const [row] = rowsOf(await t.database.db.execute(sql`select external_id from player.players where id = ${id}`));
  return { id, email, phone, nickname, externalId: Number(row.external_id) };
}

describe(`player search (${databaseKind})`, () => {
  it('finds a player by e-mail prefix, phone digits, nickname, UUID and external id; writes no audit row', async () => {
    const p = await knownPlayer('a');
    const ids = async (text: string) => ((await search(text)).json.data as { id: string }[]).map((r) => r.id);
    expect(await ids(p.email.slice(0, 12).toUpperCase())).toContain(p.id);
    expect(await ids(p.email)).toEqual([p.id]);
    expect(await ids(`+${p.phone.slice(0, 2)} ${p.phone.slice(2, 5)}-${p.phone.slice(5)}`)).toEqual([p.id]);
    expect(await ids(p.phone.slice(0, 8))).toContain(p.id);
    expect(await ids(p.nickname.toLowerCase())).toEqual([p.id]);
    expect(await ids(p.id.toUpperCase())).toEqual([p.id]);
    expect(await ids(String(p.externalId))).toContain(p.id);
    // LIKE's wildcards are taken literally: '%' finds no one.
    expect(await ids('%')).toEqual([]);
    expect(await ids(`${p.email.slice(0, 4)}_`)).toEqual([]);

    const res = await search(p.email);
    expect(res.status).toBe(200);
    expect(res.json.data[0]).toEqual({
      id: p.id,
      email: p.email,
      phone: p.phone,
      nickname: p.nickname,
      country: 'DE',
      status: 1,
      blocks: { login: false, deposit: false, bet: false, withdrawal: false },
      createdAt: expect.any(String),
      // Registration opened a session.
      lastLoginAt: expect.any(String),
    });
    expect(await auditOf(t, p.id)).toEqual([]);
  });

  it('pages newest first with page meta; an empty search lists everyone', async () => {
    const prefix = `page${randomUUID().slice(0, 8)}`;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await registerPlayer(t, `${prefix}.${i}@example.com`)).auth.profile.id);
    const first = await search(prefix, '&perPage=2');
    expect(first.json.meta).toEqual({ page: 1, perPage: 2, totalPages: 3, totalRows: 5 });
    expect(first.json.data.map((r: { id: string }) => r.id)).toEqual([made[4], made[3]]);
    const last = await search(prefix, '&perPage=2&page=3');
    expect(last.json.data.map((r: { id: string }) => r.id)).toEqual([made[0]]);
    const everyone = await get('/api/backoffice/players?perPage=100');
    expect(everyone.json.meta.totalRows).toBeGreaterThanOrEqual(5);
    expect(everyone.json.data[0].id).toBe(made[4]);
    expect((await get('/api/backoffice/players?perPage=101')).status).toBe(422);
  });

  it('is refused (403, 20003) to a role without players:read', async () => {
    const marketing = await signedInStaff(t, 'marketing');
    const res = await get('/api/backoffice/players', marketing);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe(20003);
  });
});

/**
 * A player on a device of its own: the test helpers' players all share one, which the AML rules flag at a
 * deposit once three accounts did (decision 0114).
 */
async function ownDevicePlayer(): Promise<Player> {
  const { auth } = await registerPlayer(t, undefined, { fingerprint: `fp-${randomUUID()}` });
  const accounts = (await t.call('GET', '/api/wallet/accounts', { token: auth.accessToken })).json.data;
  return { token: auth.accessToken, playerId: auth.profile.id, accountId: accounts[0].id };
}

describe(`player 360 (${databaseKind})`, () => {
  it('answers the profile, the accounts as the player sees them, blocks, limits, bonuses, KYC and totals', async () => {
    const p = await ownDevicePlayer();
    expect((await deposit(t, p, card('4242 4242 4242 4242', 50))).status).toBe(200);
    // Whatever compliance makes of the deposit is in before the 360 is read.
    await t.app.outbox.drain();
    const res = await get(`/api/backoffice/players/${p.playerId}`);
    expect(res.status).toBe(200);
    const view = res.json.data;
    const profile = (await t.call('GET', '/api/player/profile', { token: p.token })).json.data;
    expect(view.profile).toEqual({ ...profile, isNewlyRegistered: false });
    const seen = (await t.call('GET', '/api/wallet/accounts', { token: p.token })).json.data as Record<
      string,
      unknown
    >[];
    expect(view.accounts).toEqual(seen.map(({ status: _status, ...figures }) => figures));
    expect(view.accounts[0]).toMatchObject({ currency: 'EUR', balance: 50, realBalance: 50 });
    expect(view.blocks).toEqual({ login: false, deposit: false, bet: false, withdrawal: false });
    expect(view.limits).toEqual([]);
    expect(view.bonuses).toEqual([]);
    expect(view.kyc).toEqual({ status: 'init', documents: [] });
    expect(view.flags).toEqual([]);
    expect(view.totals).toEqual([{ currency: 'EUR', deposits: 50, withdrawals: 0, bets: 0, wins: 0 }]);

    expect(await auditOf(t, p.playerId)).toEqual([
      {
        staff_id: support.id,
        action: 'player.view',
        target_type: 'player',
        target_id: p.playerId,
        player_id: p.playerId,
        reason: null,
        before: null,
        after: null,
        result: 'ok',
      },
    ]);
  });

  it('shows a limit the player set and a document the player uploaded', async () => {
    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    const made = await t.call('POST', '/api/player/limits', {
      token,
      body: { definition: 3, period: 'daily', currency: 'EUR', amount: 200 },
    });
    expect(made.status).toBe(200);
    // A document as an upload stores it (the upload itself is test/kyc's).
    await t.database.db.execute(sql`
      insert into kyc.documents (player_id, type, file_name, storage_key, content_type, size_bytes, sha256)
      values (${auth.profile.id}, 'identity_front', 'passport.png', ${`documents/${randomUUID()}.png`}, 'image/png', 10, 'x')`);
    const view = (await get(`/api/backoffice/players/${auth.profile.id}`)).json.data;
    const own = (await t.call('GET', '/api/player/limits', { token })).json.data;
    expect(view.limits).toEqual(own);
    expect(view.limits[0]).toMatchObject({ definition: 3, amount: 200, currency: 'EUR' });
    const documents = (await t.call('GET', '/api/player/documents', { token })).json.data;
    expect(view.kyc.documents).toEqual(documents);
    expect(view.kyc.documents[0]).toMatchObject({ fileName: 'passport.png', status: 2 });
  });

  it("shows the player's compliance flags not closed, as kind, first sighting and detail", async () => {
    const p = await ownDevicePlayer();
    // Three declined deposits in a day: the deposits_declined flag (decision 0114).
    for (const amount of [10, 20, 30]) await deposit(t, p, card('4000 0000 0000 0002', amount));
    await t.app.outbox.drain();
    const [flag] = rowsOf(
      await t.database.db.execute(
        sql`select id, first_seen_at, detail from compliance.flags where player_id = ${p.playerId}`,
      ),
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(flag.detail).toBe(`3 deposits in EUR declined on ${today}.`);
    const view = (await get(`/api/backoffice/players/${p.playerId}`)).json.data;
    expect(view.flags).toEqual([
      { kind: 'deposits_declined', raisedAt: new Date(flag.first_seen_at).toISOString(), detail: flag.detail },
    ]);
    // Closed by compliance staff: the 360 shows open work only (the flags queue keeps the rest).
    const compliance = await signedInStaff(t, 'compliance');
    const closed = await post(
      `/api/backoffice/flags/${flag.id}/close`,
      { reason: 'Card limit; spoke to the player.' },
      compliance,
    );
    expect(closed.status).toBe(200);
    expect((await get(`/api/backoffice/players/${p.playerId}`)).json.data.flags).toEqual([]);
  });

  it('shows AML flags only to staff who work them (flags:review): support never sees a suspicion', async () => {
    const p = await ownDevicePlayer();
    await t.database.db.execute(sql`insert into compliance.flags
      (player_id, list, kind, severity, "window", detail, evidence, first_seen_at, last_seen_at)
      values (${p.playerId}, 'aml', 'cycling', 3, 'e2e', 'Deposited and asked it back with little play.', '{}',
              now(), now())`);
    expect((await get(`/api/backoffice/players/${p.playerId}`)).json.data.flags).toEqual([]);
    const compliance = await signedInStaff(t, 'compliance');
    const seen = (await get(`/api/backoffice/players/${p.playerId}`, compliance)).json.data.flags;
    expect(seen.map((f: { kind: string }) => f.kind)).toEqual(['cycling']);
  });

  it('answers 404 (code 2) for an unknown player on every read, and audits nothing', async () => {
    const ghost = randomUUID();
    for (const path of ['', '/transactions', '/sessions', '/notes']) {
      const res = await get(`/api/backoffice/players/${ghost}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.json.error.code).toBe(2);
    }
    expect((await post(`/api/backoffice/players/${ghost}/notes`, { text: 'hello' })).status).toBe(404);
    const limit = { definition: 1, period: 'daily', currency: 'EUR', amount: 10, reason: 'asked by phone' };
    expect((await post(`/api/backoffice/players/${ghost}/limits`, limit)).status).toBe(404);
    expect((await get('/api/backoffice/players/not-a-uuid')).status).toBe(404);
    expect(await auditOf(t, ghost)).toEqual([]);
  });
});

describe(`player sessions and notes (${databaseKind})`, () => {
  it("lists the player's sessions with address, country, user agent and times; audited", async () => {
    const { auth } = await registerPlayer(t);
    expect((await t.call('POST', '/api/player/sessions/logout', { token: auth.accessToken })).status).toBe(200);
    const res = await get(`/api/backoffice/players/${auth.profile.id}/sessions`);
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
    expect(res.json.data[0]).toMatchObject({
      id: auth.sessionId,
      ip: expect.stringMatching(/^10\./),
      userAgent: expect.stringContaining('vitest'),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      closedAt: expect.any(String),
      closedReason: expect.any(String),
    });
    expect((await auditOf(t, auth.profile.id)).map((r) => r.action)).toEqual(['player.sessions.view']);
  });

  it('adds notes with 201 and one audit row each, lists them newest first with the author; audited', async () => {
    const { auth } = await registerPlayer(t);
    const id = auth.profile.id;
    const first = await post(`/api/backoffice/players/${id}/notes`, { text: '  Called about a late withdrawal.  ' });
    expect(first.status).toBe(201);
    expect(first.json.data).toEqual({
      id: expect.any(String),
      playerId: id,
      text: 'Called about a late withdrawal.',
      staffId: support.id,
      staffName: 'Sam Support',
      createdAt: expect.any(String),
    });
    const other = await signedInStaff(t, 'compliance', { name: 'Cleo Compliance' });
    const second = await post(`/api/backoffice/players/${id}/notes`, { text: 'Asked for ID.' }, other);
    expect(second.status).toBe(201);

    const list = await get(`/api/backoffice/players/${id}/notes`);
    expect(list.json.data.map((n: { text: string; staffName: string }) => [n.text, n.staffName])).toEqual([
      ['Asked for ID.', 'Cleo Compliance'],
      ['Called about a late withdrawal.', 'Sam Support'],
    ]);

    const audit = await auditOf(t, id);
    expect(audit.map((r) => [r.action, r.staff_id])).toEqual([
      ['player.note', support.id],
      ['player.note', other.id],
      ['player.notes.view', support.id],
    ]);
    expect(audit[0]).toMatchObject({ target_type: 'note', target_id: first.json.data.id, after: first.json.data });

    // An empty note is a 422 on `text`, and nothing is written.
    const empty = await post(`/api/backoffice/players/${id}/notes`, { text: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.json.error.fields.text).toBeDefined();
    expect(await auditOf(t, id)).toHaveLength(3);
    // A role that may read but not write notes is refused.
    const payments = await signedInStaff(t, 'payments');
    expect((await post(`/api/backoffice/players/${id}/notes`, { text: 'x' }, payments)).status).toBe(403);
  });
});
