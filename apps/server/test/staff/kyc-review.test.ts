import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backofficeEndpoints, ErrorCode, type KycDocument, type PlayerDocument } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { multipart, tinyJpeg, tinyPdf } from '../kyc/helpers.ts';
import { createPlayerTestApp, nextIp, type PlayerTestApp, registerPlayer, uniqueEmail } from '../player/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from './helpers.ts';

// The KYC review queue (backoffice-api.md §6, decision 0113): the queue, the file through the storage port, the
// three decisions with their audit rows and messages, the verification status following, and one outcome of two
// people deciding at once.

const e = backofficeEndpoints.kyc;
let t: PlayerTestApp;
let compliance: TestStaff;
let other: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  t = await createPlayerTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'croupier-kyc-review-')) });
  compliance = await signedInStaff(t, 'compliance');
  other = await signedInStaff(t, 'compliance');
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

const staffCall = (staff: TestStaff, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  staffRequest(t, staff, method, url, body);

async function upload(token: string, type = 'identity_front', file = { name: 'passport.jpg', data: tinyJpeg() }) {
  const { payload, contentType } = multipart([
    { name: 'type', value: type },
    { name: 'file', filename: file.name, contentType: 'application/octet-stream', data: file.data },
  ]);
  const res = await t.request({
    method: 'POST',
    url: '/api/player/documents',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'cf-connecting-ip': nextIp() },
    payload,
  });
  expect(res.status).toBe(200);
  return res.json.data as PlayerDocument;
}

const playerDocuments = async (token: string) =>
  (await t.call('GET', '/api/player/documents', { token })).json.data as PlayerDocument[];
const verification = async (token: string) =>
  (await t.call('GET', '/api/player/services/sumsub/status', { token })).json.data as {
    status: string;
    rejectReason: string | null;
  };
const messages = async (token: string) =>
  (
    (await t.call('GET', '/api/notification/messenger/messages', { token })).json.data as {
      content: { title: string; body: string; link?: { url: string } };
    }[]
  ).map((m) => m.content);
const auditRows = async (targetId: string) =>
  (
    (await t.database.db.execute(
      sql`select action, reason, staff_id, before, after from staff.audit_log where target_id = ${targetId} order by seq`,
    )) as unknown as {
      rows: { action: string; reason: string | null; staff_id: string; before: unknown; after: unknown }[];
    }
  ).rows;

async function newPlayer() {
  const email = uniqueEmail('kyc');
  const { auth } = await registerPlayer(t, email);
  return { token: auth.accessToken, id: auth.profile.id, email };
}

describe(`the KYC documents queue (${databaseKind})`, () => {
  it('lists a pending upload with its player, file link and verification status, oldest first', async () => {
    const p = await newPlayer();
    const first = await upload(p.token);
    const second = await upload(p.token, 'address', { name: 'bill.pdf', data: tinyPdf() });
    const res = await staffCall(compliance, 'GET', `${e.documents.path}?status=pending&playerId=${p.id}`);
    expect(res.status).toBe(200);
    const page = e.documents.response.parse(res.json);
    expect(page.meta).toMatchObject({ page: 1, totalRows: 2 });
    expect(page.data.map((d) => d.id)).toEqual([first.id, second.id]);
    expect(page.data[0]).toMatchObject({
      player: { id: p.id, email: p.email },
      type: 'identity_front',
      fileName: 'passport.jpg',
      contentType: 'image/jpeg',
      sizeBytes: tinyJpeg().length,
      fileUrl: `/api/backoffice/kyc/documents/${first.id}/file`,
      status: 'pending',
      reviewedBy: null,
      rejectReason: null,
      requestedType: null,
      verificationStatus: 'init',
    });
    expect(page.data[1]).toMatchObject({ contentType: 'application/pdf', type: 'address' });
    // Support reads players but not the KYC queue.
    const denied = await staffCall(support, 'GET', e.documents.path);
    expect([denied.status, denied.json.error.code]).toEqual([403, ErrorCode.staffForbidden]);
  });

  it('serves the bytes inline, uncached, sniff-proof and sandboxed, and audits the read', async () => {
    const p = await newPlayer();
    const doc = await upload(p.token, 'identity_front', { name: 'scan.pdf', data: tinyPdf() });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/kyc/documents/${doc.id}/file`,
      headers: { ...compliance.headers, 'cf-connecting-ip': nextIp() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(tinyPdf())).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="document-${doc.id}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const rows = await auditRows(doc.id);
    expect(rows.map((r) => [r.action, r.staff_id])).toEqual([['kyc.document.view', compliance.id]]);

    const missing = await staffCall(
      compliance,
      'GET',
      '/api/backoffice/kyc/documents/00000000-0000-4000-8000-000000000000/file',
    );
    expect([missing.status, missing.json.error.code]).toEqual([404, ErrorCode.notFound]);
    const denied = await staffCall(support, 'GET', `/api/backoffice/kyc/documents/${doc.id}/file`);
    expect(denied.status).toBe(403);
    // A denied read wrote its denial, not a view.
    expect((await auditRows(doc.id)).filter((r) => r.action === 'kyc.document.view')).toHaveLength(1);
    const anonymous = await t.request({ method: 'GET', url: `/api/backoffice/kyc/documents/${doc.id}/file` });
    expect([anonymous.status, anonymous.json.error.code]).toEqual([401, ErrorCode.staffUnauthenticated]);
  });

  it('reject → the player sees the reason and a message; a second decision is 20005; re-upload → approve verifies', async () => {
    const p = await newPlayer();
    const doc = await upload(p.token);
    const noReason = await staffCall(compliance, 'POST', `/api/backoffice/kyc/documents/${doc.id}/reject`, {});
    expect([noReason.status, Object.keys(noReason.json.error.fields)]).toEqual([422, ['reason']]);
    expect((await playerDocuments(p.token))[0]).toMatchObject({ status: 2 });

    const reason = 'The photo is blurred: the document number cannot be read.';
    const rejected = await staffCall(compliance, 'POST', `/api/backoffice/kyc/documents/${doc.id}/reject`, { reason });
    expect(rejected.status).toBe(200);
    expect(e.reject.response.parse(rejected.json).data).toMatchObject({
      id: doc.id,
      status: 'rejected',
      rejectReason: reason,
      reviewedBy: compliance.id,
      verificationStatus: 'init',
    });
    expect((await playerDocuments(p.token)).find((d) => d.id === doc.id)).toMatchObject({
      status: 3,
      rejectReason: reason,
    });
    expect(await messages(p.token)).toEqual([
      expect.objectContaining({ title: 'Document rejected', body: expect.stringContaining(reason) }),
    ]);
    const audit = await auditRows(doc.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'kyc.document.reject',
        reason,
        staff_id: compliance.id,
        before: { status: 'pending', verification: 'init' },
      }),
    ]);

    const again = await staffCall(other, 'POST', `/api/backoffice/kyc/documents/${doc.id}/approve`, {});
    expect([again.status, again.json.error.code]).toEqual([409, ErrorCode.alreadyDecided]);
    expect(await auditRows(doc.id)).toHaveLength(1);

    const second = await upload(p.token);
    const approved = await staffCall(other, 'POST', `/api/backoffice/kyc/documents/${second.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.json.data).toMatchObject({
      status: 'approved',
      verificationStatus: 'approved',
      rejectReason: null,
    });
    expect(await verification(p.token)).toEqual({ status: 'approved', rejectReason: null });
    expect((await playerDocuments(p.token)).find((d) => d.id === second.id)).toMatchObject({ status: 1 });
    const titles = (await messages(p.token)).map((m) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['Document approved', 'Identity verified']));
    expect((await auditRows(second.id)).map((r) => [r.action, r.after])).toEqual([
      ['kyc.document.approve', { status: 'approved', type: 'identity_front', verification: 'approved' }],
    ]);
  });

  it('asks for another document: this one ends rejected with the reason and the type asked for', async () => {
    const p = await newPlayer();
    const doc = await upload(p.token, 'address', { name: 'bill.pdf', data: tinyPdf() });
    const bad = await staffCall(compliance, 'POST', `/api/backoffice/kyc/documents/${doc.id}/request-another`, {
      type: 'passport',
      reason: 'Older than three months.',
    });
    expect([bad.status, Object.keys(bad.json.error.fields)]).toEqual([422, ['type']]);
    const reason = 'The bill is older than three months: upload a recent one.';
    const res = await staffCall(compliance, 'POST', `/api/backoffice/kyc/documents/${doc.id}/request-another`, {
      type: 'address',
      reason,
    });
    expect(res.status).toBe(200);
    expect(res.json.data as KycDocument).toMatchObject({
      status: 'rejected',
      requestedType: 'address',
      rejectReason: reason,
    });
    expect((await playerDocuments(p.token))[0]).toMatchObject({ status: 3, rejectReason: reason });
    expect((await messages(p.token))[0]).toMatchObject({
      title: 'Another document needed',
      link: expect.objectContaining({ url: '/profile/documents' }),
    });
    expect((await auditRows(doc.id)).map((r) => r.action)).toEqual(['kyc.document.request_another']);
    // An address document's approval does not verify identity.
    const next = await upload(p.token, 'address', { name: 'bill2.pdf', data: tinyPdf() });
    await staffCall(compliance, 'POST', `/api/backoffice/kyc/documents/${next.id}/approve`, { reason: 'Recent bill.' });
    expect((await verification(p.token)).status).toBe('init');
  });

  it('two people deciding the same document at once: one outcome, one audit row, one message', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await newPlayer();
      const doc = await upload(p.token);
      const [a, b] = await Promise.all([
        staffCall(compliance, 'POST', `/api/backoffice/kyc/documents/${doc.id}/approve`, {}),
        staffCall(other, 'POST', `/api/backoffice/kyc/documents/${doc.id}/reject`, { reason: 'Expired passport.' }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.json.error.code).toBe(ErrorCode.alreadyDecided);
      const winner = a.status === 200 ? 'approved' : 'rejected';
      expect((await playerDocuments(p.token))[0]!.status).toBe(winner === 'approved' ? 1 : 3);
      expect(await auditRows(doc.id)).toHaveLength(1);
      expect((await messages(p.token)).filter((m) => m.title.startsWith('Document'))).toHaveLength(1);
    }
  });

  it('unknown documents are 404; a deleted pending document cannot be decided', async () => {
    const res = await staffCall(
      compliance,
      'POST',
      '/api/backoffice/kyc/documents/00000000-0000-4000-8000-000000000000/approve',
      {},
    );
    expect([res.status, res.json.error.code]).toEqual([404, ErrorCode.notFound]);
    const p = await newPlayer();
    const doc = await upload(p.token);
    expect((await t.call('DELETE', `/api/player/documents/${doc.id}`, { token: p.token })).status).toBe(200);
    const gone = await staffCall(compliance, 'POST', `/api/backoffice/kyc/documents/${doc.id}/approve`, {});
    expect(gone.status).toBe(404);
  });
});
