import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditAnchor } from '../../src/modules/staff/audit/anchor.ts';
import { LATEST_ANCHOR_KEY } from '../../src/modules/staff/audit/anchor-file.ts';
import { auditAnchorKey } from '../../src/modules/staff/audit/anchor-key.ts';
import { type AuditInput, writeAudit } from '../../src/modules/staff/audit/write.ts';
import { createStorage } from '../../src/storage/index.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';

// The audit log's list and verification (backoffice-api.md §7), the insert-only trigger, the writer's lock
// and the anchor's timer (decision 0105). Tampering has its own file: audit-tamper.test.ts.

let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'croupier-audit-')) });
  owner = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

const write = (input: AuditInput) => t.database.db.transaction((tx) => writeAudit(tx, input));
const rowsOf = async <R>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

describe(`the audit log (${databaseKind})`, () => {
  it('keeps one valid chain under 20 concurrent writers: seq 1..20, each row linked to the one before', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.database.db.transaction(async (tx) => {
          await writeAudit(tx, { staffId: owner.id, action: 'test.concurrent', after: { i } });
        }),
      ),
    );
    const seqs = await rowsOf<{ seq: string | number }>(sql`select seq from staff.audit_log order by seq`);
    expect(seqs.map((r) => Number(r.seq))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const res = await t.request({ method: 'GET', url: '/api/backoffice/audit/verify', headers: owner.headers });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ ok: true, rows: 20, anchor: null });
    expect(res.json.data.brokenAt).toBeUndefined();
  });

  it('lists rows newest first, filtered by player, staff member, action and UTC days, paginated', async () => {
    const player = randomUUID();
    const other = await signedInStaff(t, 'admin');
    await write({ staffId: owner.id, action: 'player.view', targetType: 'player', targetId: player, playerId: player });
    await write({
      staffId: other.id,
      action: 'player.blocks',
      targetType: 'player',
      targetId: player,
      playerId: player,
      reason: 'chargeback',
      before: { bet: false },
      after: { bet: true, amount: 10n },
    });
    await write({ staffId: other.id, action: 'staff.update', targetType: 'staff', targetId: owner.id });

    const list = (query: string) =>
      t.request({ method: 'GET', url: `/api/backoffice/audit${query}`, headers: owner.headers });

    const all = await list('?perPage=100');
    expect(all.status).toBe(200);
    const seqs = all.json.data.map((r: { seq: number }) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(all.json.meta).toMatchObject({ page: 1, perPage: 100, totalRows: all.json.data.length });

    const ofPlayer = await list(`?playerId=${player}`);
    expect(ofPlayer.json.data.map((r: { action: string }) => r.action)).toEqual(['player.blocks', 'player.view']);
    expect(ofPlayer.json.data[0]).toMatchObject({
      staffId: other.id,
      playerId: player,
      reason: 'chargeback',
      before: { bet: false },
      after: { bet: true, amount: '10' },
      result: 'ok',
    });
    expect(ofPlayer.json.data[0].prevHash).toBe(ofPlayer.json.data[1].hash);
    expect(ofPlayer.json.data[0].hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await list(`?staffId=${other.id}`)).json.meta.totalRows).toBe(2);
    expect((await list(`?staffId=${other.id}&action=staff.update`)).json.data).toHaveLength(1);
    expect((await list(`?playerId=${randomUUID()}`)).json).toMatchObject({ data: [], meta: { totalRows: 0 } });

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const today = (await list(`?playerId=${player}&from=${day(0)}&to=${day(0)}`)).json;
    // A run across midnight UTC may put the rows on yesterday: today or yesterday holds them, inclusively.
    const yesterdayToToday = (await list(`?playerId=${player}&from=${day(-1)}&to=${day(0)}`)).json;
    expect(yesterdayToToday.meta.totalRows).toBe(2);
    expect(today.meta.totalRows).toBeLessThanOrEqual(2);
    expect((await list(`?playerId=${player}&to=${day(-2)}`)).json.meta.totalRows).toBe(0);
    expect((await list(`?playerId=${player}&from=${day(1)}`)).json.meta.totalRows).toBe(0);

    const page2 = await list('?perPage=2&page=2');
    expect(page2.json.data.map((r: { seq: number }) => r.seq)).toEqual(seqs.slice(2, 4));
    expect(page2.json.meta).toMatchObject({ page: 2, perPage: 2, totalPages: Math.ceil(seqs.length / 2) });

    expect((await list(`?from=${day(0)}&to=${day(-1)}`)).json.error.fields.to).toBeDefined();
    expect((await list('?perPage=101')).status).toBe(422);
    expect((await list('?from=yesterday')).status).toBe(422);
  });

  it('verify walks the whole log, then writes one audit.verify row with what it found', async () => {
    const [count] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from staff.audit_log`);
    const n = count!.n;
    const res = await t.request({ method: 'GET', url: '/api/backoffice/audit/verify', headers: owner.headers });
    expect(res.json.data).toMatchObject({ ok: true, rows: n, anchor: null });
    const [head] = await rowsOf<{ hash: string; action: string; after: unknown; staff_id: string }>(
      sql`select hash, action, after, staff_id from staff.audit_log order by seq desc limit 2`,
    );
    expect(head).toMatchObject({ action: 'audit.verify', staff_id: owner.id, after: { ok: true, rows: n } });
    const again = await t.request({ method: 'GET', url: '/api/backoffice/audit/verify', headers: owner.headers });
    expect(again.json.data).toMatchObject({ ok: true, rows: n + 1, head: head!.hash });
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of the audit log', async () => {
    const refused = async (query: SQL) => {
      const error = (await t.database.db.execute(query).then(
        () => null,
        (e: unknown) => e,
      )) as (Error & { cause?: Error }) | null;
      expect(error, String(query.queryChunks)).not.toBeNull();
      expect(`${error!.message} ${error!.cause?.message ?? ''}`).toMatch(/insert-only/);
    };
    await refused(sql`update staff.audit_log set reason = 'rewritten' where seq = 1`);
    await refused(sql`delete from staff.audit_log where seq = (select max(seq) from staff.audit_log)`);
    await refused(sql`truncate staff.audit_log`);
    const res = await t.request({ method: 'GET', url: '/api/backoffice/audit/verify', headers: owner.headers });
    expect(res.json.data.ok).toBe(true);
  });

  it('the timer anchors the head every AUDIT_ANCHOR_EVERY_SECONDS when it moved, and stops on close', async () => {
    const storage = createStorage(t.config);
    const anchor = createAuditAnchor({
      config: { ...t.config, AUDIT_ANCHOR_EVERY_SECONDS: 1 },
      db: t.database.db,
      log: t.app.log,
      storage,
    });
    anchor.start();
    try {
      await write({ staffId: owner.id, action: 'test.timer' });
      const [head] = await rowsOf<{ seq: string | number }>(sql`select max(seq) as seq from staff.audit_log`);
      let latest = await anchor.latest();
      for (let i = 0; i < 60 && latest?.anchor.seq !== Number(head!.seq); i++) {
        await new Promise((r) => setTimeout(r, 100));
        latest = await anchor.latest();
      }
      expect(latest).toMatchObject({ signed: true, anchor: { seq: Number(head!.seq) } });
      expect(await storage.get(LATEST_ANCHOR_KEY)).not.toBeNull();
    } finally {
      await anchor.stop();
    }
  });
});

describe('the anchor key', () => {
  const base = {
    NODE_ENV: 'test' as const,
    dataDir: tmpdir(),
    AUDIT_ANCHOR_KEY: undefined,
    STAFF_SECRET_KEY: undefined,
  };
  it('is AUDIT_ANCHOR_KEY, else derived from STAFF_SECRET_KEY (shared by instances), else a generated one', () => {
    expect(auditAnchorKey({ ...base, AUDIT_ANCHOR_KEY: 'a'.repeat(32), STAFF_SECRET_KEY: 's'.repeat(32) })).toBe(
      'a'.repeat(32),
    );
    const derived = auditAnchorKey({ ...base, STAFF_SECRET_KEY: 's'.repeat(32) });
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(auditAnchorKey({ ...base, STAFF_SECRET_KEY: 's'.repeat(32) })).toBe(derived);
    expect(auditAnchorKey({ ...base, STAFF_SECRET_KEY: 't'.repeat(32) })).not.toBe(derived);
    expect(auditAnchorKey(base)).not.toBe(auditAnchorKey(base)); // a test app's own, fresh each time
  });
});
