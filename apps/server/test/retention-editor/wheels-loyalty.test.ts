import { LoyaltyLevel, Wheel } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/db/seed.ts';
import { databaseKind } from '../harness.ts';
import { at, createEditorTestApp, type EditorTestApp, reason } from './helpers.ts';

// The wheel editor (weights in basis points adding up to exactly 10 000, a spin made keeps its prize) and the
// loyalty editor (levels with ascending thresholds, contributions), and the demo seeds going through the
// editors' services, idempotently.

let t: EditorTestApp;
beforeAll(async () => {
  t = await createEditorTestApp();
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: raw rows
const rows = async <T = any>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)) as unknown as { rows: T[] };

const wheelsBase = '/api/backoffice/wheels';
let n = 0;
const wheel = (over: Record<string, unknown> = {}) => ({
  identity: `editor-wheel-${++n}`,
  title: `Editor wheel ${n}`,
  startAt: at(-60),
  dailySpins: 1,
  sectors: [
    { title: '1 EUR', weight: 6000, prizeType: 'real', amounts: { EUR: 1 } },
    { title: '2 EUR', weight: 4000, prizeType: 'real', amounts: { EUR: 2 } },
  ],
  ...over,
});

const shownWheels = async (auth: string) =>
  ((await t.call('GET', '/api/retention/wheels?perPage=100', { token: auth })).json.data as { id: string }[]).map(
    (w) => w.id,
  );

describe(`wheel editor (${databaseKind})`, () => {
  it('refuses weights that do not add up to 100 %, and non-positive weights', async () => {
    const short = await t.as(t.marketing, 'POST', wheelsBase, {
      ...wheel({
        sectors: [
          { title: 'a', weight: 5000, prizeType: 'none' },
          { title: 'b', weight: 4000, prizeType: 'none' },
        ],
      }),
      reason,
    });
    expect(short.status).toBe(422);
    expect(short.json.error.fields.sectors[0]).toContain('10000');
    const zero = await t.as(t.marketing, 'POST', wheelsBase, {
      ...wheel({
        sectors: [
          { title: 'a', weight: 10_000, prizeType: 'none' },
          { title: 'b', weight: 0, prizeType: 'none' },
        ],
      }),
      reason,
    });
    expect(Object.keys(zero.json.error.fields)).toContain('sectors.1.weight');
  });

  it('creates, edits, pauses, resumes and archives a wheel, audited; a spin made keeps its prize', async () => {
    const res = await t.as(t.marketing, 'POST', wheelsBase, { ...wheel(), reason });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const id = res.json.data.id as string;
    const player = await t.newPlayer(0);
    expect(await shownWheels(player.auth)).toContain(id);

    const spun = await t.call('POST', `/api/retention/wheels/${id}/spin`, { token: player.auth, body: {} });
    expect(spun.status, JSON.stringify(spun.json)).toBe(200);
    const prize = spun.json.data.prize as { amount: number };
    expect([1, 2]).toContain(prize.amount);
    const [before] = (await rows(sql`select prize, sector_id from retention.wheel_spins where wheel_id = ${id}`)).rows;

    const edited = await t.as(t.marketing, 'PUT', `${wheelsBase}/${id}`, {
      ...wheel({
        identity: res.json.data.identity,
        sectors: [
          { title: '50 EUR', weight: 1, prizeType: 'real', amounts: { EUR: 50 } },
          { title: 'Nothing', weight: 9999, prizeType: 'none' },
        ],
      }),
      reason,
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json.data.sectors.map((s: { title: string }) => s.title)).toEqual(['50 EUR', 'Nothing']);
    // The spin made before the edit: same prize, same sector (kept, retired, unchanged).
    const [after] = (await rows(sql`select prize, sector_id from retention.wheel_spins where wheel_id = ${id}`)).rows;
    expect(after).toEqual(before);
    const [sector] = (
      await rows(sql`select title, amounts, retired_at from retention.wheel_sectors where id = ${before.sector_id}`)
    ).rows;
    expect(sector.title).toBe(`${prize.amount} EUR`);
    expect(sector.retired_at).not.toBeNull();
    const accounts = await t.call('GET', '/api/wallet/accounts', { token: player.auth });
    expect(accounts.json.data.find((a: { currency: string }) => a.currency === 'EUR').balance).toBe(prize.amount);
    // The player's wheel shows the new sectors only.
    const listed = await t.call('GET', `/api/retention/wheels?perPage=100`, { token: player.auth });
    const mine = (listed.json.data as Wheel[]).find((w) => w.id === id)!;
    expect(mine.items.map((i) => [i.title, i.dropRate])).toEqual([
      ['50 EUR', 0.01],
      ['Nothing', 99.99],
    ]);

    expect((await t.as(t.marketing, 'POST', `${wheelsBase}/${id}/pause`, { reason })).json.data.status).toBe('paused');
    expect(await shownWheels(player.auth)).not.toContain(id);
    expect((await t.call('POST', `/api/retention/wheels/${id}/spin`, { token: player.auth, body: {} })).status).toBe(
      404,
    );
    expect((await t.as(t.marketing, 'POST', `${wheelsBase}/${id}/resume`, { reason })).json.data.status).toBe('active');
    expect(await shownWheels(player.auth)).toContain(id);
    expect((await t.as(t.marketing, 'POST', `${wheelsBase}/${id}/archive`, { reason })).json.data.status).toBe(
      'archived',
    );
    expect((await t.as(t.marketing, 'POST', `${wheelsBase}/${id}/resume`, { reason })).status).toBe(409);
    const audit = await t.auditOf(id);
    expect(audit.map((a) => a.action)).toEqual([
      'retention.wheel.create',
      'retention.wheel.update',
      'retention.wheel.pause',
      'retention.wheel.resume',
      'retention.wheel.archive',
    ]);
    expect(audit[1]).toMatchObject({
      before: { sectors: [{ title: '1 EUR', weight: 6000 }, { title: '2 EUR' }] },
      after: { sectors: [{ title: '50 EUR', weight: 1 }, { title: 'Nothing' }] },
    });
  });

  it('previews the wheel as players see it, with drop rates in percent', async () => {
    const res = await t.as(t.marketing, 'POST', `${wheelsBase}/preview`, wheel());
    expect(res.status).toBe(200);
    const shown = Wheel.parse(res.json.data);
    expect(shown.items.map((i) => i.dropRate)).toEqual([60, 40]);
    expect(shown.playerSpins).toEqual([]);
  });

  it('answers 404 for an unknown wheel and 403 to support and finance', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.as(t.marketing, 'GET', `${wheelsBase}/${unknown}`)).status).toBe(404);
    expect((await t.as(t.marketing, 'POST', `${wheelsBase}/${unknown}/archive`, { reason })).status).toBe(404);
    for (const role of ['support', 'finance'] as const) {
      const staff = await t.staff(role);
      expect((await t.as(staff, 'POST', wheelsBase, { ...wheel(), reason })).status).toBe(403);
    }
  });
});

describe(`loyalty editor (${databaseKind})`, () => {
  const programme = (over: Record<string, unknown> = {}) => ({
    levels: [
      { name: 'Bronze', points: 0 },
      { name: 'Silver', points: 50 },
      { name: 'Gold', points: 250.5 },
    ],
    pointsPerBaseUnit: 2,
    defaultContribution: 100,
    contributions: [{ game: 'blackjack', percent: 10 }],
    ...over,
  });

  it('replaces the programme; players see the new levels; audited with before and after', async () => {
    const before = (await t.as(t.marketing, 'GET', '/api/backoffice/loyalty')).json.data;
    const res = await t.as(t.marketing, 'PUT', '/api/backoffice/loyalty', { ...programme(), reason });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject(programme());
    const levels = await t.call('GET', '/api/retention/levels?perPage=100');
    expect(levels.json.data.map((l: LoyaltyLevel) => [l.name, l.order, l.points])).toEqual([
      ['Bronze', 1, 0],
      ['Silver', 2, 50],
      ['Gold', 3, 250.5],
    ]);
    const [audit] = (await t.auditOf('programme')).slice(-1);
    expect(audit).toMatchObject({ action: 'retention.loyalty.update', reason, before, after: programme() });
  });

  it('refuses thresholds that do not ascend, with the field', async () => {
    const res = await t.as(t.marketing, 'PUT', '/api/backoffice/loyalty', {
      ...programme({
        levels: [
          { name: 'A', points: 0 },
          { name: 'B', points: 100 },
          { name: 'C', points: 100 },
        ],
      }),
      reason,
    });
    expect(res.status).toBe(422);
    expect(res.json.error.fields['levels.2.points']).toEqual(['Each level needs more points than the one before.']);
    const staff = await t.staff('finance');
    expect((await t.as(staff, 'PUT', '/api/backoffice/loyalty', { ...programme(), reason })).status).toBe(403);
  });

  it('previews the levels in the player API shape', async () => {
    const res = await t.as(t.marketing, 'POST', '/api/backoffice/loyalty/preview', programme());
    expect(res.status).toBe(200);
    expect(res.json.data.map((l: unknown) => LoyaltyLevel.parse(l).points)).toEqual([0, 50, 250.5]);
  });
});

describe(`demo seeds through the editors (${databaseKind})`, () => {
  it('seeds the demo once and again without changing it', async () => {
    const db = t.database.db;
    const snapshot = async () => ({
      quests: (await rows(sql`select identity, name, rewards from retention.quests order by identity`)).rows,
      tasks: (await rows(sql`select count(*)::int as n from retention.quest_tasks`)).rows,
      tournaments: (await rows(sql`select identity, title, status from retention.tournaments order by identity`)).rows,
      sectors: (
        await rows(sql`select s.position, s.title, s.weight from retention.wheel_sectors s
        join retention.wheels w on w.id = s.wheel_id where w.identity = 'daily' and s.retired_at is null order by s.position`)
      ).rows,
    });
    await seedDemoData(db);
    const first = await snapshot();
    expect(first.quests.map((q: { identity: string }) => q.identity)).toEqual(
      expect.arrayContaining(['first-spins', 'winning-streak', 'welcome-journey', 'high-roller-day']),
    );
    expect(first.sectors.reduce((sum: number, s: { weight: number }) => sum + s.weight, 0)).toBe(10_000);
    await seedDemoData(db);
    expect(await snapshot()).toEqual(first);
  });
});
