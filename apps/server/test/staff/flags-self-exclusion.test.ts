import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createRiskTestApp, DAY, type RiskTestApp } from '../risk/helpers.ts';
import { rows } from '../wallet/db.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';
import { auditOf } from './players-helpers.ts';

// A self-exclusion applied by staff on the player's request (issue 26, decision 0114): at least 6 months, in
// force at once (the next bet and launch refused, every session closed), audited, ending only by the limits'
// rules (the player cannot lift or shorten it).

let t: RiskTestApp;
let compliance: TestStaff;
let support: TestStaff;
beforeAll(async () => {
  t = await createRiskTestApp();
  compliance = await signedInStaff(t, 'compliance');
  support = await signedInStaff(t, 'support');
});
afterAll(async () => t.close());

const exclude = (staff: TestStaff, playerId: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/backoffice/players/${playerId}/self-exclusion`, { headers: staff.headers, body });
const reason = 'The player asked by phone';
const launch = (token: string) =>
  t.call('POST', '/api/game/games/neon-fruits/play', {
    token,
    body: { lobbyUrl: '/games', locale: 'en', countryCode: 'DE', platform: 2, demoMode: false },
  });

describe(`staff self-exclusion (${databaseKind})`, () => {
  it('refuses under 6 months (422), without the permission (403), and for an unknown player (404)', async () => {
    const { playerId } = await t.member(10);
    const short = await exclude(compliance, playerId, { months: 5, reason });
    expect([short.status, Object.keys(short.json.error.fields)]).toEqual([422, ['months']]);
    const soon = new Date(t.clock.now().getTime() + 90 * DAY).toISOString().slice(0, 10);
    const until = await exclude(compliance, playerId, { until: soon, reason });
    expect([until.status, Object.keys(until.json.error.fields)]).toEqual([422, ['until']]);
    expect((await exclude(compliance, playerId, { months: 6, until: soon, reason })).status).toBe(422);
    expect((await exclude(compliance, playerId, { months: 6 })).status).toBe(422);
    expect((await exclude(support, playerId, { months: 6, reason })).status).toBe(403);
    expect((await exclude(compliance, '00000000-0000-4000-8000-000000000000', { months: 6, reason })).status).toBe(404);
    expect(await rows(t.database.db, sql`select id from risk.limits where player_id = ${playerId}`)).toEqual([]);
  });

  it('is in force at once: sessions closed, the next bet and launch refused; audited in the same transaction', async () => {
    const { playerId, token, launch: game } = await t.member(100);
    expect((await t.bet(game, '1')).status).toBe('OK');
    const res = await exclude(compliance, playerId, { months: 8, reason });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ playerId, sessionsClosed: 1 });
    const ends = new Date(res.json.data.endsAt).getTime() - new Date(res.json.data.startedAt).getTime();
    expect(ends).toBeGreaterThan(240 * DAY);
    expect((await t.call('GET', '/api/player/profile', { token })).status).toBe(401);
    expect((await t.bet(game, '1')).code).toBe('PLAYER_DISABLED');
    // A real launch with the old token: the session is closed, so no real-money game opens.
    const play = await launch(token);
    expect(play.status).toBeGreaterThanOrEqual(400);
    const [audit] = (await auditOf(t, playerId)).filter((r) => r.action === 'player.self_exclusion');
    expect(audit).toMatchObject({ staff_id: compliance.id, reason, target_type: 'limit' });
    const [limit] = await rows(
      t.database.db,
      sql`select definition, period, actor from risk.limits l join risk.limit_history h on h.limit_id = l.id
           where l.player_id = ${playerId}`,
    );
    expect(limit).toEqual({ definition: 4, period: '6m', actor: compliance.id });

    // A shorter or equal one is refused; a longer one extends it.
    expect((await exclude(compliance, playerId, { months: 6, reason })).json.error.code).toBe(20005);
    expect((await exclude(compliance, playerId, { months: 12, reason })).status).toBe(200);

    // Still refused long after 6 months, and a launch too (the 12 months hold).
    t.clock.advance(200 * DAY);
    expect((await t.bet(game, '1')).code).toBe('PLAYER_DISABLED');
    const signIn = await t.call('POST', '/api/player/sessions', {
      body: {
        login: (await rows(t.database.db, sql`select email from player.players where id = ${playerId}`))[0].email,
        password: 'secret-pass-1',
        fingerprint: 'fp',
      },
    });
    expect([signIn.status, signIn.json.error.code]).toEqual([403, 11010]);
  });
});
