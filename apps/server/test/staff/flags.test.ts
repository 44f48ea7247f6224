import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { cashLimit, createRiskTestApp, type RiskTestApp } from '../risk/helpers.ts';
import { rows } from '../wallet/db.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';
import { auditOf } from './players-helpers.ts';

// Issue 26's flags and interaction log through the operator API (decision 0114): flags raised by the money
// path's events, the queue's order, the interaction lifecycle with its audit rows and its 5-year trigger.

let t: RiskTestApp;
let compliance: TestStaff;
let colleague: TestStaff;
let support: TestStaff;
beforeAll(async () => {
  t = await createRiskTestApp();
  compliance = await signedInStaff(t, 'compliance');
  colleague = await signedInStaff(t, 'compliance');
  support = await signedInStaff(t, 'support');
});
afterAll(async () => t.close());

const as = (staff: TestStaff) => ({ headers: staff.headers });
const flagsOf = async (playerId: string, query = '') => {
  await t.app.outbox.drain();
  const res = await t.call('GET', `/api/backoffice/flags?playerId=${playerId}${query}`, as(compliance));
  expect(res.status).toBe(200);
  return res.json;
};
const reason = 'Seen in the flags queue';

describe(`flags and interactions (${databaseKind})`, () => {
  let playerId: string;

  it('80 % of a daily bet limit raises one flag, on the bet that crosses it', async () => {
    const m = await t.member(100);
    playerId = m.playerId;
    expect((await t.call('POST', '/api/player/limits', { token: m.token, body: cashLimit(1, 10) })).status).toBe(200);
    expect((await t.bet(m.launch, '5')).status).toBe('OK');
    expect((await flagsOf(playerId)).data).toEqual([]);
    expect((await t.bet(m.launch, '3')).status).toBe('OK');
    expect((await t.bet(m.launch, '1')).status).toBe('OK');
    const { data, meta } = await flagsOf(playerId);
    expect(meta.totalRows).toBe(1);
    expect(data[0]).toMatchObject({
      list: 'rg',
      kind: 'limit_near',
      severity: 'medium',
      status: 'open',
      count: 1,
      evidence: { limit: 'bet', used: 8, amount: 10 },
    });
  });

  it('a request to raise the limit is a high flag, first in the queue', async () => {
    const [row] = await rows(t.database.db, sql`select id from risk.limits where player_id = ${playerId}`);
    // The player asks through the API for a higher amount (it waits 24 h): the request is the evidence.
    const raised = await t.call('PUT', `/api/player/limits/${row.id}`, {
      token: await tokenOf(playerId),
      body: { amount: 50 },
    });
    expect(raised.status).toBe(200);
    const { data } = await flagsOf(playerId);
    expect(data.map((f: { kind: string; severity: string }) => [f.kind, f.severity])).toEqual([
      ['limit_raised', 'high'],
      ['limit_near', 'medium'],
    ]);
    expect((await flagsOf(playerId, '&list=aml')).data).toEqual([]);
  });

  it('an interaction: recorded, outcome once, spot-checked by someone else once; the flag closed with it', async () => {
    const [flag] = (await flagsOf(playerId)).data;
    const created = await t.call('POST', '/api/backoffice/interactions', {
      ...as(compliance),
      body: {
        playerId,
        flagId: flag.id,
        observed: 'Asked to raise the bet limit after using 80 % of it.',
        action: 'call',
        actionNote: 'Called the player; explained the 24-hour wait and the tools.',
        followUpAt: new Date(Date.now() - 1000).toISOString(),
        reason,
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id;
    expect(created.json.data).toMatchObject({ flagId: flag.id, action: 'call', outcome: null, review: null });
    expect((await t.call('GET', `/api/backoffice/flags/${flag.id}`, as(compliance))).json.data.status).toBe('reviewed');

    const due = await t.call(
      'GET',
      `/api/backoffice/interactions?followUpDue=true&playerId=${playerId}`,
      as(compliance),
    );
    expect(due.json.data.map((i: { id: string }) => i.id)).toEqual([id]);
    const outcome = (staff: TestStaff) =>
      t.call('POST', `/api/backoffice/interactions/${id}/outcome`, {
        ...as(staff),
        body: { outcome: 'The player kept the limit.', reason },
      });
    expect((await outcome(compliance)).status).toBe(200);
    const again = await outcome(colleague);
    expect([again.status, again.json.error.code]).toEqual([409, 20005]);

    const review = (staff: TestStaff) =>
      t.call('POST', `/api/backoffice/interactions/${id}/review`, {
        ...as(staff),
        body: { verdict: 'adequate', note: 'Call notes are complete.' },
      });
    const own = await review(compliance);
    expect([own.status, own.json.error.code]).toEqual([409, 20004]);
    const checked = await review(colleague);
    expect(checked.status).toBe(200);
    expect(checked.json.data.review).toMatchObject({ verdict: 'adequate', by: colleague.id });
    expect((await review(support)).status).toBe(403);
    const twice = await review(colleague);
    expect([twice.status, twice.json.error.code]).toEqual([409, 20005]);

    const close = () =>
      t.call('POST', `/api/backoffice/flags/${flag.id}/close`, {
        ...as(compliance),
        body: { reason: 'Dealt with by a call', interactionId: id },
      });
    const closed = await close();
    expect(closed.status).toBe(200);
    expect(closed.json.data).toMatchObject({ status: 'closed', interactionId: id, closedBy: compliance.id });
    expect((await close()).json.error.code).toBe(20005);
    expect((await flagsOf(playerId, '&status=open')).data.map((f: { kind: string }) => f.kind)).toEqual(['limit_near']);

    const audit = (await auditOf(t, playerId)).map((r) => r.action);
    expect(audit).toEqual(['interaction.create', 'interaction.outcome', 'interaction.review', 'flag.close']);
  });

  it('the log is kept 5 years: no DELETE of a younger row, no change to what was recorded', async () => {
    const db = t.database.db;
    const [row] = await rows(db, sql`select id from compliance.interactions where player_id = ${playerId}`);
    const refused = async (statement: ReturnType<typeof sql>) => {
      await expect(db.execute(statement)).rejects.toThrow();
    };
    await refused(sql`delete from compliance.interactions where id = ${row.id}`);
    await refused(sql`update compliance.interactions set observed = 'rewritten' where id = ${row.id}`);
    await refused(sql`update compliance.interactions set outcome = 'rewritten' where id = ${row.id}`);
    await refused(sql`update compliance.interactions set review_verdict = 'inadequate' where id = ${row.id}`);
    await refused(sql`truncate compliance.interactions`);
    const [old] = await rows(
      db,
      sql`insert into compliance.interactions (player_id, observed, action, action_note, reason, created_by, created_at)
          values (${playerId}, 'old', 'none', 'nothing', 'old', ${compliance.id}, now() - interval '5 years 1 day')
          returning id`,
    );
    await db.execute(sql`delete from compliance.interactions where id = ${old.id}`);
    expect(await rows(db, sql`select id from compliance.interactions where id = ${old.id}`)).toEqual([]);
  });

  it('bad references are refused: another player’s flag, an unknown player, an interaction of someone else', async () => {
    const other = await t.member(0);
    const [flag] = (await flagsOf(playerId, '&status=open')).data;
    const body = { observed: 'seen', action: 'none', actionNote: 'no contact needed', reason };
    const wrong = await t.call('POST', '/api/backoffice/interactions', {
      ...as(compliance),
      body: { ...body, playerId: other.playerId, flagId: flag.id },
    });
    expect([wrong.status, Object.keys(wrong.json.error.fields)]).toEqual([422, ['flagId']]);
    const unknown = await t.call('POST', '/api/backoffice/interactions', {
      ...as(compliance),
      body: { ...body, playerId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    const theirs = await t.call('POST', '/api/backoffice/interactions', {
      ...as(compliance),
      body: { ...body, playerId: other.playerId },
    });
    const closing = await t.call('POST', `/api/backoffice/flags/${flag.id}/close`, {
      ...as(compliance),
      body: { reason, interactionId: theirs.json.data.id },
    });
    expect([closing.status, Object.keys(closing.json.error.fields)]).toEqual([422, ['interactionId']]);
  });

  it('status=active lists the flags not closed (open and reviewed), the ones the dashboard counts', async () => {
    const all = (await t.call('GET', '/api/backoffice/flags?perPage=100', as(compliance))).json.data as {
      status: string;
    }[];
    const active = (await t.call('GET', '/api/backoffice/flags?perPage=100&status=active', as(compliance))).json
      .data as { status: string }[];
    expect(active.length).toBe(all.filter((f) => f.status !== 'closed').length);
    expect(active.every((f) => f.status === 'open' || f.status === 'reviewed')).toBe(true);
    const tiles = (await t.call('GET', '/api/backoffice/dashboard', as(compliance))).json.data;
    expect(tiles.flagsOpen).toBe(active.length);
  });

  it('the queue orders by severity, then the latest sighting; support may not read it', async () => {
    const res = await t.call('GET', '/api/backoffice/flags?perPage=100', as(compliance));
    const ranks = { high: 3, medium: 2, low: 1 } as Record<string, number>;
    const keys = res.json.data.map((f: { severity: string; lastSeenAt: string }) => [ranks[f.severity], f.lastSeenAt]);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || (b[1] < a[1] ? -1 : b[1] > a[1] ? 1 : 0));
    expect(keys).toEqual(sorted);
    expect((await t.call('GET', '/api/backoffice/flags', as(support))).status).toBe(403);
    expect((await t.call('GET', '/api/backoffice/dashboard', as(compliance))).json.data.flagsOpen).toBeGreaterThan(0);
  });
});

/** A fresh access token of a player (signed in again with the test password). */
async function tokenOf(playerId: string): Promise<string> {
  const [p] = await rows(t.database.db, sql`select email from player.players where id = ${playerId}`);
  const res = await t.call('POST', '/api/player/sessions', {
    body: { login: p.email, password: 'secret-pass-1', fingerprint: 'fp' },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.json)}`);
  return res.json.data.accessToken;
}
