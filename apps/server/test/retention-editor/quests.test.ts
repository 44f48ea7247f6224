import { Quest, QuestState } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createEditorTestApp, type EditorTestApp, reason } from './helpers.ts';

// The quest editor (issue 27): create, edit, pause, resume, archive through the back office, audited with
// before and after; validation with field errors; the preview in the player's own shape; and a player's
// quest in flight keeps the tasks and the reward it started with.

let t: EditorTestApp;
beforeAll(async () => {
  t = await createEditorTestApp();
});
afterAll(() => t.close());

const base = '/api/backoffice/quests';
let n = 0;
const quest = (over: Record<string, unknown> = {}) => ({
  identity: `editor-quest-${++n}`,
  name: `Editor quest ${n}`,
  description: 'Made in the editor.',
  rewards: [{ type: 1, amounts: { EUR: 5 } }],
  // Registration fills the e-mail: the run is complete on activation, its reward claimable at once.
  tasks: [{ name: 'Have an e-mail', type: 2, quantity: 1, conditions: { fields: ['email'] } }],
  ...over,
});

async function created(over: Record<string, unknown> = {}) {
  const res = await t.as(t.marketing, 'POST', base, { ...quest(over), reason });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as { id: string; identity: string };
}

const available = async (auth: string) =>
  ((await t.call('GET', '/api/retention/quests?perPage=100', { token: auth })).json.data as { id: string }[]).map(
    (q) => q.id,
  );

describe(`quest editor (${databaseKind})`, () => {
  it('creates a quest players then find, audited with its definition', async () => {
    const q = await created();
    expect(q).toMatchObject({ status: 'active', runsInFlight: 0, tasks: [{ name: 'Have an e-mail', quantity: 1 }] });
    const player = await t.newPlayer(0);
    expect(await available(player.auth)).toContain(q.id);
    const audit = await t.auditOf(q.id);
    expect(audit).toMatchObject([{ action: 'retention.quest.create', reason, before: null }]);
    expect(audit[0]!.after).toMatchObject({ identity: q.identity, rewards: [{ type: 1, amounts: { EUR: 5 } }] });
  });

  it('lists on the server, paged and filtered', async () => {
    const q = await created({ name: 'Findable by name' });
    const res = await t.as(t.marketing, 'GET', `${base}?perPage=1&q=findable`);
    expect(res.status).toBe(200);
    expect(res.json.data.map((x: { id: string }) => x.id)).toEqual([q.id]);
    expect(res.json.meta).toMatchObject({ page: 1, perPage: 1, totalRows: 1 });
    const all = await t.as(t.marketing, 'GET', `${base}?perPage=1`);
    expect(all.json.meta.totalRows).toBeGreaterThan(1);
    expect(all.json.data).toHaveLength(1);
  });

  it('edits, pauses, resumes and archives, each audited with before and after', async () => {
    const q = await created();
    const player = await t.newPlayer(0);
    const edited = await t.as(t.marketing, 'PUT', `${base}/${q.id}`, {
      ...quest(),
      identity: q.identity,
      name: 'Renamed',
      reason,
    });
    expect(edited.status).toBe(200);
    expect(edited.json.data.name).toBe('Renamed');

    const paused = await t.as(t.marketing, 'POST', `${base}/${q.id}/pause`, { reason });
    expect(paused.json.data.status).toBe('paused');
    expect(await available(player.auth)).not.toContain(q.id);
    expect((await t.as(t.marketing, 'POST', `${base}/${q.id}/pause`, { reason })).json.error.code).toBe(20005);

    const resumed = await t.as(t.marketing, 'POST', `${base}/${q.id}/resume`, { reason });
    expect(resumed.json.data.status).toBe('active');
    expect(await available(player.auth)).toContain(q.id);

    const archived = await t.as(t.marketing, 'POST', `${base}/${q.id}/archive`, { reason });
    expect(archived.json.data.status).toBe('archived');
    expect(await available(player.auth)).not.toContain(q.id);
    const again = await t.as(t.marketing, 'PUT', `${base}/${q.id}`, { ...quest(), identity: q.identity, reason });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe(20005);

    const audit = await t.auditOf(q.id);
    expect(audit.map((a) => a.action)).toEqual([
      'retention.quest.create',
      'retention.quest.update',
      'retention.quest.pause',
      'retention.quest.resume',
      'retention.quest.archive',
    ]);
    expect(audit[1]).toMatchObject({
      before: { name: expect.stringContaining('Editor quest') },
      after: { name: 'Renamed' },
    });
    expect(audit[4]).toMatchObject({ before: { status: 'active' }, after: { status: 'archived' } });
  });

  it('refuses bad input with field errors, and writes nothing', async () => {
    const noTask = await t.as(t.marketing, 'POST', base, { ...quest(), tasks: [], reason });
    expect(noTask.status).toBe(422);
    expect(noTask.json.error.code).toBe(3);
    expect(noTask.json.error.fields.tasks).toHaveLength(1);
    const badConditions = await t.as(t.marketing, 'POST', base, {
      ...quest(),
      tasks: [{ name: 'Bet', type: 4, quantity: 1, conditions: { spinAmount: 'lots' } }],
      reason,
    });
    expect(Object.keys(badConditions.json.error.fields)).toContain('tasks.0.conditions');
    const noReason = await t.as(t.marketing, 'POST', base, quest());
    expect(noReason.json.error.fields.reason).toBeDefined();
    const tooPrecise = await t.as(t.marketing, 'POST', base, {
      ...quest(),
      rewards: [{ type: 1, amounts: { EUR: 1.234 } }],
      reason,
    });
    expect(tooPrecise.status).toBe(422);
    expect(Object.keys(tooPrecise.json.error.fields)).toEqual(['rewards.0.amounts.EUR']);
    const first = await created();
    const taken = await t.as(t.marketing, 'POST', base, { ...quest(), identity: first.identity, reason });
    expect(taken.status).toBe(422);
    expect(taken.json.error.fields.identity).toBeDefined();
  });

  it('answers 404 for an unknown quest and 403 to support and finance', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.as(t.marketing, 'GET', `${base}/${unknown}`)).status).toBe(404);
    const put = await t.as(t.marketing, 'PUT', `${base}/${unknown}`, { ...quest(), reason });
    expect(put.status).toBe(404);
    expect((await t.as(t.marketing, 'POST', `${base}/${unknown}/pause`, { reason })).status).toBe(404);
    for (const role of ['support', 'finance'] as const) {
      const staff = await t.staff(role);
      const res = await t.as(staff, 'POST', base, { ...quest(), reason });
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe(20003);
      expect((await t.as(staff, 'GET', base)).status).toBe(403);
    }
    const admin = await t.staff('admin');
    expect((await t.as(admin, 'GET', base)).status).toBe(200);
  });

  it('previews the quest exactly as the player API shows it, storing nothing', async () => {
    const input = quest({ rewards: [{ type: 1, amounts: { EUR: 2.5, USD: 3 } }] });
    const res = await t.as(t.marketing, 'POST', `${base}/preview`, { ...input, currency: 'USD' });
    expect(res.status).toBe(200);
    const shown = Quest.parse(res.json.data);
    expect(shown).toMatchObject({
      state: QuestState.available,
      name: input.name,
      tasks: [{ name: 'Have an e-mail', progress: 0, quantity: 1, isActive: true, isCompleted: false }],
      rewards: [{ type: 1, amount: 3, attributes: { isoCode: 'USD', lockBalance: false } }],
    });
    const listed = await t.as(t.marketing, 'GET', `${base}?q=${input.identity}`);
    expect(listed.json.data).toEqual([]);
  });

  it('a quest in flight keeps the tasks and the reward it started with', async () => {
    const q = await created();
    const early = await t.newPlayer(0);
    const run = await t.call('PUT', `/api/retention/quests/${q.id}/activate`, { token: early.auth });
    expect(run.json.data).toMatchObject({ state: QuestState.completed, rewards: [{ amount: 5 }] });

    const edit = await t.as(t.marketing, 'PUT', `${base}/${q.id}`, {
      ...quest(),
      identity: q.identity,
      rewards: [{ type: 1, amounts: { EUR: 50 } }],
      tasks: [{ name: 'Fill in two fields', type: 2, quantity: 2, conditions: { fields: ['email', 'city'] } }],
      reason,
    });
    expect(edit.status).toBe(200);
    expect(edit.json.data.runsInFlight).toBe(1);

    // The early player's run: its own task and reward, claimed at the amount it started with.
    const mine = await t.call('GET', '/api/retention/player-quests?perPage=100', { token: early.auth });
    const shown = (mine.json.data as { id: string }[]).find((x) => x.id === run.json.data.id);
    expect(shown).toMatchObject({ tasks: [{ name: 'Have an e-mail', quantity: 1 }], rewards: [{ amount: 5 }] });
    const claim = await t.call('PUT', `/api/retention/quests/${run.json.data.id}/activate`, { token: early.auth });
    expect(claim.json.data).toMatchObject({ state: QuestState.claimed, rewards: [{ amount: 5 }] });
    const accounts = await t.call('GET', '/api/wallet/accounts', { token: early.auth });
    expect(accounts.json.data.find((a: { currency: string }) => a.currency === 'EUR').balance).toBe(5);

    // A player who starts now plays by the new definition.
    const late = await t.newPlayer(0);
    const started = await t.call('PUT', `/api/retention/quests/${q.id}/activate`, { token: late.auth });
    expect(started.json.data).toMatchObject({
      state: QuestState.active,
      tasks: [{ name: 'Fill in two fields', quantity: 2, progress: 1 }],
      rewards: [{ amount: 50 }],
    });
  });
});
