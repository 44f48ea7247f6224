import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditAnchor } from '../../src/modules/staff/audit/anchor.ts';
import { anchorKeyOf, LATEST_ANCHOR_KEY, openAnchor, signAnchor } from '../../src/modules/staff/audit/anchor-file.ts';
import { verifyChain } from '../../src/modules/staff/audit/chain.ts';
import { verifyAudit } from '../../src/modules/staff/audit/verify.ts';
import { writeAudit } from '../../src/modules/staff/audit/write.ts';
import { createStorage } from '../../src/storage/index.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';

// "The audit chain's verify catches both an edited row and a deleted newest row" (issue 25): this file's own
// scratch database (createTestApp makes one per file) has the append-only trigger switched off to tamper.

const KEY = 'k'.repeat(40);
let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'croupier-audit-tamper-')), AUDIT_ANCHOR_KEY: KEY });
  owner = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

const exec = async (query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
/** Runs statements the trigger refuses, with the trigger off, as an attacker with the database would. */
async function tamper(query: ReturnType<typeof sql>) {
  await exec(sql`alter table staff.audit_log disable trigger audit_log_append_only`);
  try {
    await exec(query);
  } finally {
    await exec(sql`alter table staff.audit_log enable trigger audit_log_append_only`);
  }
}
const writeRows = async (n: number, action = 'test.row') => {
  for (let i = 0; i < n; i++) {
    await t.database.db.transaction((tx) =>
      writeAudit(tx, { staffId: owner.id, action, reason: `reason ${i}`, after: { i } }),
    );
  }
};
const verify = async () => {
  const res = await t.request({ method: 'GET', url: '/api/backoffice/audit/verify', headers: owner.headers });
  expect(res.status).toBe(200);
  return res.json.data;
};
const headSeq = async () =>
  Number(((await exec(sql`select max(seq) as seq from staff.audit_log`)).rows[0] as { seq: string }).seq);

describe(`tampering with the audit log (${databaseKind})`, () => {
  it('an edited row breaks the chain at its seq; putting it back mends it', async () => {
    await writeRows(6);
    expect(await verify()).toMatchObject({ ok: true, rows: 6 });
    await tamper(sql`update staff.audit_log set reason = 'nothing to see' where seq = 3`);
    const broken = await verify();
    expect(broken).toMatchObject({ ok: false, brokenAt: 3, rows: 7 });
    // Walked page by page (3 rows a page here), the break is found the same, and in a later page too.
    const paged = await verifyAudit(t.database.db, async () => null, 3);
    expect(paged).toMatchObject({ ok: false, brokenAt: 3, rows: 8 });
    await tamper(sql`update staff.audit_log set reason = 'reason 2' where seq = 3`);
    await tamper(sql`update staff.audit_log set after = '{"i": 99}'::jsonb where seq = 5`);
    expect(await verifyAudit(t.database.db, async () => null, 3)).toMatchObject({ ok: false, brokenAt: 5 });
    await tamper(sql`update staff.audit_log set after = '{"i": 4}'::jsonb where seq = 5`);
    expect(await verifyAudit(t.database.db, async () => null, 3)).toMatchObject({ ok: true, rows: 8 });
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('a row deleted from the middle breaks the chain at the next one', async () => {
    // Done on a copy of the chain's rows: the live log must stay whole for the anchor tests below.
    const { rows } = await exec(sql`select * from staff.audit_log order by seq`);
    const chain = (rows as Record<string, unknown>[]).map((r) => ({
      seq: r.seq as number,
      at: r.at as string,
      staffId: r.staff_id as string,
      action: r.action as string,
      targetType: r.target_type as string | null,
      targetId: r.target_id as string | null,
      playerId: r.player_id as string | null,
      reason: r.reason as string | null,
      before: r.before,
      after: r.after,
      result: r.result as 'ok',
      prevHash: r.prev_hash as string,
      hash: r.hash as string,
    }));
    expect(verifyChain(chain).ok).toBe(true);
    expect(verifyChain(chain.filter((r) => Number(r.seq) !== 4))).toMatchObject({ ok: false, brokenAt: '5' });
  });

  it('without tampering, verify is ok against the newest anchor and counts every row', async () => {
    const anchored = await t.app.staffModule.anchorNow();
    const head = await headSeq();
    expect(anchored).toMatchObject({ seq: head });
    expect(await t.app.staffModule.anchorNow()).toBeNull(); // the head has not moved: nothing to write
    const res = await verify();
    expect(res).toMatchObject({ ok: true, rows: head, anchor: { seq: head, hash: anchored!.hash, ok: true } });
    expect(res.anchor.problem).toBeUndefined();
    const storage = createStorage(t.config);
    expect(openAnchor((await storage.get(anchorKeyOf(head)))!, KEY)).toEqual({ anchor: anchored, signed: true });
    expect(openAnchor((await storage.get(LATEST_ANCHOR_KEY))!, KEY)).toEqual({ anchor: anchored, signed: true });
  });

  it('deleting the newest rows after an anchor fails verify; rows written over them fail it too', async () => {
    await writeRows(3, 'test.after-anchor');
    const anchored = (await t.app.staffModule.anchorNow())!;
    expect(anchored.seq).toBe(await headSeq());
    expect(await verify()).toMatchObject({ ok: true, anchor: { seq: anchored.seq, ok: true } });

    // The newest rows go: the chain that remains still links, only the anchor shows what is missing.
    await tamper(sql`delete from staff.audit_log where seq >= ${anchored.seq - 2}`);
    const cut = await verify();
    expect(cut).toMatchObject({ ok: false, anchor: { seq: anchored.seq, ok: false, problem: 'missing' } });
    expect(cut.brokenAt).toBeUndefined();
    expect(cut.rows).toBe(anchored.seq - 3);

    // The app writes on (verify itself did): the anchored seq is reached again, with another hash.
    await writeRows(4, 'test.rewritten');
    expect(await headSeq()).toBeGreaterThan(anchored.seq);
    expect(await verify()).toMatchObject({ ok: false, anchor: { seq: anchored.seq, problem: 'mismatch' } });
    // The anchor pass does not bless the rewritten history: latest.json stays as the evidence.
    expect(await t.app.staffModule.anchorNow()).toBeNull();
    const latest = openAnchor((await createStorage(t.config).get(LATEST_ANCHOR_KEY))!, KEY);
    expect(latest.anchor).toEqual(anchored);
  });

  it('a forged or unsigned anchor is reported, never trusted, and not written over', async () => {
    const storage = createStorage(t.config);
    const genuine = (await storage.get(LATEST_ANCHOR_KEY))!;
    const head = (await exec(sql`select seq, hash from staff.audit_log order by seq desc limit 1`)).rows[0] as {
      seq: string;
      hash: string;
    };
    const claim = { seq: Number(head.seq), hash: head.hash, at: new Date().toISOString() };
    for (const forged of [
      signAnchor(claim, 'another key, of the right length'),
      Buffer.from(JSON.stringify({ v: 1, ...claim })),
      Buffer.from('not json'),
    ]) {
      await storage.put(LATEST_ANCHOR_KEY, forged, 'application/json');
      const res = await verify();
      expect(res).toMatchObject({ ok: false, anchor: { ok: false, problem: 'unsigned' } });
      expect(await t.app.staffModule.anchorNow()).toBeNull();
      expect(Buffer.from((await storage.get(LATEST_ANCHOR_KEY))!)).toEqual(Buffer.from(forged));
    }
    await storage.put(LATEST_ANCHOR_KEY, genuine, 'application/json');
  });

  it('another instance holding the anchor lock makes a pass a no-op', async () => {
    await writeRows(1);
    const other = createAuditAnchor({
      config: { ...t.config, AUDIT_ANCHOR_KEY: KEY },
      db: t.database.db,
      log: t.app.log,
      storage: createStorage(t.config),
    });
    // The lock is transaction-scoped: while one pass holds it, another finds it taken and writes nothing.
    if (databaseKind === 'postgres') {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(72616026)`);
        expect(await other.anchorNow()).toBeNull();
      });
    }
    expect(await other.latest()).toMatchObject({ signed: true });
  });
});
