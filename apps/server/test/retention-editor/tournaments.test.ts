import { Tournament, TournamentState } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { at, createEditorTestApp, type EditorTestApp, reason } from './helpers.ts';

// The tournament editor (issue 27): schedule, games, scoring and prizes, validated (no end before the start,
// places 1, 2, 3… without gaps); once started, the scoring, games, prizes and dates are fixed (409 20005)
// while the title may still change; pause and archive only before the start.

let t: EditorTestApp;
beforeAll(async () => {
  t = await createEditorTestApp();
});
afterAll(() => t.close());

const base = '/api/backoffice/tournaments';
let n = 0;
const tournament = (over: Record<string, unknown> = {}) => ({
  identity: `editor-race-${++n}`,
  title: `Editor race ${n}`,
  type: 1,
  startAt: at(60),
  endAt: at(120),
  conditions: { gameCollections: ['slots'], minAmount: 0.1, minAmountOp: 'gte' },
  rates: { baseCurrencyRate: 1 },
  prizes: [
    { place: 1, type: 1, title: '€100', currency: 'EUR', amount: 100 },
    { place: 2, type: 2, title: '€20 bonus', currency: 'EUR', amount: 20 },
  ],
  ...over,
});

async function created(over: Record<string, unknown> = {}) {
  const res = await t.as(t.marketing, 'POST', base, { ...tournament(over), reason });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { id: string; identity: string; startAt: string; endAt: string };
}

const listed = async () =>
  ((await t.call('GET', '/api/retention/tournaments?perPage=100')).json.data as { id: string }[]).map((x) => x.id);

describe(`tournament editor (${databaseKind})`, () => {
  it('creates a tournament players see, audited', async () => {
    const race = await created();
    expect(race).toMatchObject({
      status: 'scheduled',
      started: false,
      prizes: [{ place: 1, amount: 100 }, { place: 2 }],
    });
    expect(await listed()).toContain(race.id);
    expect(await t.auditOf(race.id)).toMatchObject([{ action: 'retention.tournament.create', before: null }]);
  });

  it('refuses an end before the start and prizes with gaps or repeats, field by field', async () => {
    const backwards = await t.as(t.marketing, 'POST', base, {
      ...tournament({ startAt: at(60), endAt: at(30) }),
      reason,
    });
    expect(backwards.status).toBe(422);
    expect(backwards.json.error.fields.endAt).toEqual(['The end must come after the start.']);
    const gap = await t.as(t.marketing, 'POST', base, {
      ...tournament({
        prizes: [
          { place: 1, type: 1, title: 'a', currency: 'EUR', amount: 1 },
          { place: 3, type: 1, title: 'b', currency: 'EUR', amount: 1 },
        ],
      }),
      reason,
    });
    expect(Object.keys(gap.json.error.fields)).toEqual(['prizes.1.place']);
    const moneyless = await t.as(t.marketing, 'POST', base, {
      ...tournament({ prizes: [{ place: 1, type: 1, title: 'a' }] }),
      reason,
    });
    expect(Object.keys(moneyless.json.error.fields).sort()).toEqual(['prizes.0.amount', 'prizes.0.currency']);
    const noBonus = await t.as(t.marketing, 'POST', base, {
      ...tournament({
        prizes: [{ place: 1, type: 3, title: 'spins', bonusId: '00000000-0000-4000-8000-000000000000' }],
      }),
      reason,
    });
    expect(noBonus.status).toBe(422);
    expect(Object.keys(noBonus.json.error.fields)).toEqual(['prizes.0.bonusId']);
  });

  it('before the start everything may change; pause, resume and archive', async () => {
    const race = await created();
    const edited = await t.as(t.marketing, 'PUT', `${base}/${race.id}`, {
      ...tournament({
        identity: race.identity,
        type: 2,
        prizes: [{ place: 1, type: 1, title: '€5', currency: 'EUR', amount: 5 }],
      }),
      reason,
    });
    expect(edited.status).toBe(200);
    expect(edited.json.data).toMatchObject({ type: 2, prizes: [{ place: 1, amount: 5 }] });

    const paused = await t.as(t.marketing, 'POST', `${base}/${race.id}/pause`, { reason });
    expect(paused.json.data.status).toBe('draft');
    expect(await listed()).not.toContain(race.id);
    const resumed = await t.as(t.marketing, 'POST', `${base}/${race.id}/resume`, { reason });
    expect(resumed.json.data.status).toBe('scheduled');
    expect(await listed()).toContain(race.id);
    const archived = await t.as(t.marketing, 'POST', `${base}/${race.id}/archive`, { reason });
    expect(archived.json.data.status).toBe('cancelled');
    expect((await t.as(t.marketing, 'POST', `${base}/${race.id}/resume`, { reason })).status).toBe(409);
    const audit = await t.auditOf(race.id);
    expect(audit.map((a) => a.action)).toEqual([
      'retention.tournament.create',
      'retention.tournament.update',
      'retention.tournament.pause',
      'retention.tournament.resume',
      'retention.tournament.archive',
    ]);
    expect(audit[1]).toMatchObject({ before: { type: 1 }, after: { type: 2 } });
  });

  it('once started, scoring, games, prizes and dates are fixed; the title may still change', async () => {
    const race = await created({ startAt: at(-30), endAt: at(60) });
    expect((await t.as(t.marketing, 'GET', `${base}/${race.id}`)).json.data.started).toBe(true);
    const same = { ...tournament({ identity: race.identity, startAt: race.startAt, endAt: race.endAt }) };

    for (const change of [
      { rates: { baseCurrencyRate: 2 } },
      { type: 2 },
      { conditions: { gameCollections: ['table-games'] } },
      { prizes: [{ place: 1, type: 1, title: '€1000', currency: 'EUR', amount: 1000 }] },
      { endAt: at(600) },
    ]) {
      const res = await t.as(t.marketing, 'PUT', `${base}/${race.id}`, { ...same, ...change, reason });
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.json.error.code).toBe(20005);
      expect(Object.keys(res.json.error.fields).length).toBeGreaterThan(0);
    }
    const renamed = await t.as(t.marketing, 'PUT', `${base}/${race.id}`, { ...same, title: 'Renamed race', reason });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json.data).toMatchObject({ title: 'Renamed race', rates: { baseCurrencyRate: 1 }, type: 1 });
    expect((await t.as(t.marketing, 'POST', `${base}/${race.id}/pause`, { reason })).status).toBe(409);
    expect((await t.as(t.marketing, 'POST', `${base}/${race.id}/archive`, { reason })).status).toBe(409);
    // Refusals changed nothing: the audit has the create and the rename only.
    expect((await t.auditOf(race.id)).map((a) => a.action)).toEqual([
      'retention.tournament.create',
      'retention.tournament.update',
    ]);
  });

  it('answers 404 for an unknown tournament and 403 to support and finance', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.as(t.marketing, 'GET', `${base}/${unknown}`)).status).toBe(404);
    expect((await t.as(t.marketing, 'PUT', `${base}/${unknown}`, { ...tournament(), reason })).status).toBe(404);
    for (const role of ['support', 'finance'] as const) {
      const staff = await t.staff(role);
      expect((await t.as(staff, 'POST', base, { ...tournament(), reason })).status).toBe(403);
    }
  });

  it('previews the tournament in the player API shape, storing nothing', async () => {
    const input = tournament();
    const res = await t.as(t.marketing, 'POST', `${base}/preview`, input);
    expect(res.status).toBe(200);
    const shown = Tournament.parse(res.json.data);
    expect(shown).toMatchObject({
      identity: input.identity,
      state: TournamentState.upcoming,
      isAvailable: true,
      prizes: [{ place: 1, type: 1, title: '€100' }, { place: 2 }],
    });
    expect((await t.as(t.marketing, 'GET', `${base}?q=${input.identity}`)).json.data).toEqual([]);
  });
});
