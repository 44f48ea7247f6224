import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, applyCode, bonusesOf, newPlayer, round } from '../bonus/helpers.ts';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from '../staff/helpers.ts';

// The bonuses editor (issue 27): the money rule (a running bonus keeps the terms it was issued with), codes
// paused and limited, the global pause, issues to named players (owner/admin only) and the turn-over setting.

let t: SeamlessTestApp;
let marketing: TestStaff;
let admin: TestStaff;

const reason = 'Testing the editor';
const cashBonus = (identity: string) => ({
  identity,
  name: `Cash ${identity}`,
  kind: 'cash',
  amounts: { EUR: 10 },
  wagerMultiplier: 2,
  maxBets: { EUR: 5 },
  reusable: true,
  reason,
});

async function auditRows(action: string) {
  const res = await t.database.db.execute(
    sql`select player_id as "playerId", before, after, reason from staff.audit_log where action = ${action} order by seq`,
  );
  return (res as unknown as { rows: { playerId: string | null; before: unknown; after: unknown; reason: string }[] })
    .rows;
}

beforeAll(async () => {
  t = await createSeamlessTestApp();
  marketing = await signedInStaff(t, 'marketing');
  admin = await signedInStaff(t, 'admin');
});
afterAll(() => t.close());

describe(`bonuses editor (${databaseKind})`, () => {
  it('validates a definition with one schema: field errors, nothing written', async () => {
    const res = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', {
      identity: 'bad-deposit',
      name: 'Bad',
      kind: 'deposit',
      wagerMultiplier: 10,
      reason,
    });
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toHaveProperty('minDeposits');
    expect(res.json.error.fields).toHaveProperty('depositPercentage');
    const inexact = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', {
      ...cashBonus('inexact'),
      amounts: { EUR: 10.001 },
    });
    expect(inexact.status).toBe(422);
    expect(inexact.json.error.fields).toHaveProperty('amounts');
    const noReason = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', {
      ...cashBonus('no-reason'),
      reason: '',
    });
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.fields).toHaveProperty('reason');
  });

  it('keeps a running bonus on the terms it was issued with; a bonus issued after the edit gets the new ones', async () => {
    const created = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', cashBonus('frozen'));
    expect(created.status).toBe(200);
    const id = created.json.data.id as string;
    const code = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonus-codes', {
      code: 'FROZEN',
      bonusId: id,
      triggers: [1],
      reason,
    });
    expect(code.status).toBe(200);

    const early = await newPlayer(t, 0);
    expect((await applyCode(t, early, 'FROZEN')).json.data.status).toBe(2);

    // The edit: the slot counts 0 %, the max bet falls to 1, the multiplier rises to 5.
    const edited = await staffRequest(t, marketing, 'PUT', `/api/backoffice/bonuses/${id}`, {
      ...cashBonus('frozen'),
      identity: undefined,
      wagerMultiplier: 5,
      maxBets: { EUR: 1 },
      contributions: { 'slot-1': 0 },
    });
    expect(edited.status).toBe(200);
    const [update] = await auditRows('bonus.update');
    expect(update).toMatchObject({ reason, before: { wagerMultiplier: 2 }, after: { wagerMultiplier: 5 } });

    // The early bonus: ×2 (20 to wager), max bet 5, the slot counting 100 %.
    const [running] = await bonusesOf(t, early);
    expect(running).toMatchObject({ status: 2, requiredWagerCasinoAmount: 20, maxBetAmount: 5, wagerCasino: 2 });
    const played = await round(t, early, '4', '0');
    expect(played.bet.status).toBe('OK');
    expect((await bonusesOf(t, early))[0]).toMatchObject({ currentWagerAmount: 4 });

    // A bonus issued now: ×5 (50 to wager), max bet 1, the slot counting nothing.
    const late = await newPlayer(t, 0);
    expect((await applyCode(t, late, 'FROZEN')).json.data.status).toBe(2);
    expect((await bonusesOf(t, late))[0]).toMatchObject({ requiredWagerCasinoAmount: 50, maxBetAmount: 1 });
    expect((await round(t, late, '4', '0')).bet.status).not.toBe('OK');
    expect((await round(t, late, '1', '0')).bet.status).toBe('OK');
    expect((await bonusesOf(t, late))[0]).toMatchObject({ currentWagerAmount: 0 });
  });

  it('pausing a code refuses new applications (not available) and leaves issued bonuses running', async () => {
    const created = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', cashBonus('paused-code'));
    const id = created.json.data.id as string;
    await staffRequest(t, marketing, 'POST', '/api/backoffice/bonus-codes', {
      code: 'PAUSEME',
      bonusId: id,
      triggers: [1],
      reason,
    });
    const first = await newPlayer(t, 0);
    expect((await applyCode(t, first, 'PAUSEME')).json.data.status).toBe(2);
    const paused = await staffRequest(t, marketing, 'PUT', '/api/backoffice/bonus-codes/PAUSEME/enabled', {
      enabled: false,
      reason,
    });
    expect(paused.json.data).toMatchObject({ status: 'paused', uses: 1 });
    const second = await newPlayer(t, 0);
    expect((await applyCode(t, second, 'PAUSEME')).json.data.status).toBe(4);
    expect((await bonusesOf(t, first))[0]).toMatchObject({ status: 2 });
    expect((await account(t, first)).bonusBalance).toBe(10);
    await staffRequest(t, marketing, 'PUT', '/api/backoffice/bonus-codes/PAUSEME/enabled', { enabled: true, reason });
    expect((await applyCode(t, second, 'PAUSEME')).json.data.status).toBe(2);
  });

  it("a code's limits: uses in all", async () => {
    const created = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', cashBonus('limited'));
    const res = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonus-codes', {
      code: 'ONCEONLY',
      bonusId: created.json.data.id,
      triggers: [1],
      maxUses: 1,
      reason,
    });
    expect(res.status).toBe(200);
    expect((await applyCode(t, await newPlayer(t, 0), 'ONCEONLY')).json.data.status).toBe(2);
    expect((await applyCode(t, await newPlayer(t, 0), 'ONCEONLY')).json.data.status).toBe(4);
    const half = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonus-codes', {
      code: 'HALFLIMIT',
      bonusId: created.json.data.id,
      triggers: [1],
      maxUsesPerPeriod: 5,
      reason,
    });
    expect(half.status).toBe(422);
    expect(half.json.error.fields).toHaveProperty('periodHours');
  });

  it('pausing all bonus issuing refuses codes until resumed', async () => {
    const created = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', cashBonus('pause-all'));
    await staffRequest(t, marketing, 'POST', '/api/backoffice/bonus-codes', {
      code: 'PAUSEALL',
      bonusId: created.json.data.id,
      triggers: [1],
      reason,
    });
    const off = await staffRequest(t, marketing, 'PUT', '/api/backoffice/settings/bonus-issuing', {
      paused: true,
      reason,
    });
    expect(off.json.data).toMatchObject({ paused: true });
    const p = await newPlayer(t, 0);
    expect((await applyCode(t, p, 'PAUSEALL')).json.data.status).toBe(4);
    await staffRequest(t, marketing, 'PUT', '/api/backoffice/settings/bonus-issuing', { paused: false, reason });
    expect((await applyCode(t, p, 'PAUSEALL')).json.data.status).toBe(2);
  });

  it('issues to named players: admin only, idempotent per issue key, unknown players refused, the list capped', async () => {
    const created = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', cashBonus('issued'));
    const id = created.json.data.id as string;
    const p = await newPlayer(t, 0);
    const unknown = randomUUID();
    const body = { playerIds: [p.playerId, unknown], issueKey: randomUUID(), reason };
    const refused = await staffRequest(t, marketing, 'POST', `/api/backoffice/bonuses/${id}/issue`, body);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe(20003);

    const res = await staffRequest(t, admin, 'POST', `/api/backoffice/bonuses/${id}/issue`, body);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ issued: 1, already: 0, refused: 1 });
    expect(res.json.data.outcomes.find((o: { playerId: string }) => o.playerId === unknown).result).toBe('refused');
    expect((await account(t, p)).bonusBalance).toBe(10);
    const again = await staffRequest(t, admin, 'POST', `/api/backoffice/bonuses/${id}/issue`, body);
    expect(again.json.data).toMatchObject({ issued: 0, already: 1, refused: 1 });
    expect((await account(t, p)).bonusBalance).toBe(10);
    const audited = (await auditRows('bonus.issue')).filter((r) => r.playerId === p.playerId);
    expect(audited).toHaveLength(1);

    const many = Array.from({ length: 1001 }, () => randomUUID());
    const capped = await staffRequest(t, admin, 'POST', `/api/backoffice/bonuses/${id}/issue`, {
      playerIds: many,
      issueKey: randomUUID(),
      reason,
    });
    expect(capped.status).toBe(422);
    expect(capped.json.error.fields.playerIds[0]).toMatch(/1000/);
  });

  it('the welcome package: steps set and reordered, a paused package offers none of them', async () => {
    const deposit = (identity: string) => ({
      identity,
      name: `Deposit ${identity}`,
      kind: 'deposit',
      depositPercentage: 100,
      minDeposits: { EUR: 10 },
      maxAmounts: { EUR: 100 },
      wagerMultiplier: 30,
      reason,
    });
    const first = (await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', deposit('step-a'))).json.data;
    const second = (await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', deposit('step-b'))).json.data;
    const made = await staffRequest(t, marketing, 'POST', '/api/backoffice/bonus-packages', {
      identity: 'test-package',
      name: 'Test package',
      reason,
    });
    const id = made.json.data.id as string;
    const steps = await staffRequest(t, marketing, 'PUT', `/api/backoffice/bonus-packages/${id}`, {
      name: 'Test package',
      steps: [second.id, first.id],
      reason,
    });
    expect(steps.json.data.steps.map((s: { bonusId: string; priority: number }) => [s.bonusId, s.priority])).toEqual([
      [second.id, 1],
      [first.id, 2],
    ]);
    const p = await newPlayer(t, 0);
    const offered = async () =>
      ((await t.call('GET', '/api/game/bonuses?currency=EUR', { token: p.auth })).json.data as { id: string }[]).map(
        (b) => b.id,
      );
    expect(await offered()).toEqual(expect.arrayContaining([second.id, first.id]));
    await staffRequest(t, marketing, 'PUT', `/api/backoffice/bonus-packages/${id}/enabled`, { enabled: false, reason });
    expect(await offered()).not.toContain(first.id);
    await staffRequest(t, marketing, 'PUT', `/api/backoffice/bonus-packages/${id}/enabled`, { enabled: true, reason });
    await staffRequest(t, marketing, 'PUT', '/api/backoffice/settings/bonus-issuing', { paused: true, reason });
    expect(await offered()).toEqual([]);
    await staffRequest(t, marketing, 'PUT', '/api/backoffice/settings/bonus-issuing', { paused: false, reason });
    expect(await offered()).toContain(first.id);
    // A cash bonus is no step.
    const cash = (await staffRequest(t, marketing, 'POST', '/api/backoffice/bonuses', cashBonus('not-a-step'))).json
      .data;
    const refused = await staffRequest(t, marketing, 'PUT', `/api/backoffice/bonus-packages/${id}`, {
      name: 'Test package',
      steps: [cash.id],
      reason,
    });
    expect(refused.status).toBe(422);
    expect(refused.json.error.fields).toHaveProperty('steps');
  });

  it('lists definitions server-paged with filters, pauses and archives', async () => {
    const list = await staffRequest(t, marketing, 'GET', '/api/backoffice/bonuses?kind=cash&perPage=2&q=cash');
    expect(list.status).toBe(200);
    expect(list.json.meta).toMatchObject({ page: 1, perPage: 2 });
    expect(list.json.data.every((b: { kind: string }) => b.kind === 'cash')).toBe(true);
    const id = list.json.data[0].id;
    const paused = await staffRequest(t, marketing, 'PUT', `/api/backoffice/bonuses/${id}/enabled`, {
      enabled: false,
      reason,
    });
    expect(paused.json.data.status).toBe('paused');
    const archived = await staffRequest(t, marketing, 'POST', `/api/backoffice/bonuses/${id}/archive`, { reason });
    expect(archived.json.data.status).toBe('archived');
    const again = await staffRequest(t, marketing, 'POST', `/api/backoffice/bonuses/${id}/archive`, { reason });
    expect(again.json.error.code).toBe(20005);
    const current = await staffRequest(t, marketing, 'GET', '/api/backoffice/bonuses?perPage=100');
    expect(current.json.data.some((b: { id: string }) => b.id === id)).toBe(false);
  });

  it('the turn-over setting: read with settings:read, changed with settings:write, audited', async () => {
    expect((await staffRequest(t, marketing, 'GET', '/api/backoffice/settings/turn-over')).status).toBe(403);
    const put = await staffRequest(t, admin, 'PUT', '/api/backoffice/settings/turn-over', {
      enabled: true,
      multiplier: 3,
      reason,
    });
    expect(put.status).toBe(200);
    expect(put.json.data).toMatchObject({ enabled: true, multiplier: 3, updatedBy: admin.id });
    const [row] = await auditRows('settings.turn_over');
    expect(row).toMatchObject({ after: { enabled: true, multiplier: 3 } });
    const noReason = await staffRequest(t, admin, 'PUT', '/api/backoffice/settings/turn-over', {
      enabled: false,
      multiplier: 1,
    });
    expect(noReason.status).toBe(422);
  });
});
