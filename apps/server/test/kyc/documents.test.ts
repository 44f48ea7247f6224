import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorEnvelope, PlayerDocument } from '@croupier/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENTS_PER_PLAYER } from '../../src/modules/kyc/documents.ts';
import { sanitizeFileName } from '../../src/modules/kyc/files.ts';
import { documents } from '../../src/modules/kyc/schema.ts';
import { LocalStorage } from '../../src/storage/local.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, nextIp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { filesUnder, multipart, type Part, tinyJpeg, tinyPdf, tinyPng } from './helpers.ts';

// Above Fastify's 1 MiB JSON body limit, to show that limit does not apply to uploads.
const MAX_BYTES = 1536 * 1024;
const dataDir = mkdtempSync(join(tmpdir(), 'croupier-kyc-docs-'));
const filesDir = join(dataDir, 'files');
let t: PlayerTestApp;

beforeAll(async () => {
  t = await createPlayerTestApp({ DATA_DIR: dataDir, DOCUMENT_MAX_BYTES: String(MAX_BYTES) });
});
afterAll(() => t.close());

const upload = (token: string | undefined, parts: Part[]) => {
  const { payload, contentType } = multipart(parts);
  return t.request({
    method: 'POST',
    url: '/api/player/documents',
    headers: {
      'content-type': contentType,
      'cf-connecting-ip': nextIp(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
};
const file = (data: Buffer, filename = 'scan.jpg', contentType = 'image/jpeg'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});
const rowsOf = (playerId: string) => t.database.db.select().from(documents).where(eq(documents.playerId, playerId));
const list = async (token: string) => {
  const res = await t.call('GET', '/api/player/documents', { token });
  expect(res.status).toBe(200);
  return res.json.data as PlayerDocument[];
};

/** Asserts a refused upload left nothing behind: no new file, no new row. */
async function expectNothingStored(playerId: string, before: { files: string[]; rows: number }) {
  expect(filesUnder(filesDir)).toEqual(before.files);
  expect((await rowsOf(playerId)).length).toBe(before.rows);
}
const snapshot = async (playerId: string) => ({ files: filesUnder(filesDir), rows: (await rowsOf(playerId)).length });

describe(`documents (${databaseKind})`, () => {
  it('uploads JPEG, PNG and PDF (type before or after the file) as pending, newest first, bytes stored', async () => {
    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    const jpeg = await upload(token, [
      { name: 'type', value: 'identity_front' },
      file(tinyJpeg(), 'C:\\Users\\me\\front.JPG'),
    ]);
    expect(jpeg.status).toBe(200);
    const png = await upload(token, [
      file(tinyPng(), '../../etc/selfie.png', 'image/png'),
      { name: 'type', value: 'identity_selfie_id' },
    ]);
    expect(png.status).toBe(200);
    // The declared type and name are irrelevant: content decides.
    const pdf = await upload(token, [
      { name: 'type', value: 'address' },
      file(tinyPdf(), 'bill', 'application/octet-stream'),
    ]);
    expect(pdf.status).toBe(200);

    const uploaded = [jpeg, png, pdf].map((r) => PlayerDocument.parse(r.json.data));
    expect(uploaded.map((d) => [d.type, d.fileName, d.status, d.rejectReason])).toEqual([
      ['identity_front', 'front.JPG', 2, null],
      ['identity_selfie_id', 'selfie.png', 2, null],
      ['address', 'bill', 2, null],
    ]);
    expect((await list(token)).map((d) => d.id)).toEqual(uploaded.map((d) => d.id).reverse());

    const rows = await rowsOf(auth.profile.id);
    const storage = new LocalStorage(filesDir);
    const expected = { 'image/jpeg': tinyJpeg(), 'image/png': tinyPng(), 'application/pdf': tinyPdf() };
    for (const row of rows) {
      expect(row.storageKey).toMatch(/^documents\/[0-9a-f-]{36}\.(jpg|png|pdf)$/);
      expect(Buffer.from((await storage.get(row.storageKey))!)).toEqual(
        expected[row.contentType as keyof typeof expected],
      );
    }
    expect(rows.map((r) => r.contentType).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
  });

  it('refuses content that is not JPEG, PNG or PDF whatever its name and declared type (422 on file)', async () => {
    const { auth } = await registerPlayer(t);
    const before = await snapshot(auth.profile.id);
    for (const data of [
      Buffer.from('just some text, not a picture'),
      Buffer.from('GIF89a....'),
      Buffer.from([0xff, 0xd8]),
    ]) {
      const res = await upload(auth.accessToken, [
        { name: 'type', value: 'identity_front' },
        file(data, 'passport.jpg'),
      ]);
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.error.fields)).toEqual(['file']);
      expect(res.json.error.fields.file[0]).toMatch(/JPEG or PNG image or a PDF/);
    }
    const empty = await upload(auth.accessToken, [
      { name: 'type', value: 'other' },
      file(Buffer.alloc(0), 'empty.pdf'),
    ]);
    expect(empty.status).toBe(422);
    expect(empty.json.error.fields.file).toBeDefined();
    await expectNothingStored(auth.profile.id, before);
  });

  it('answers 413 (code 8) for a file over DOCUMENT_MAX_BYTES and stores nothing', async () => {
    const { auth } = await registerPlayer(t);
    const before = await snapshot(auth.profile.id);
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(MAX_BYTES, 0x20)]);
    for (const parts of [
      [{ name: 'type', value: 'other' }, file(big, 'big.pdf')],
      [file(big, 'big.pdf'), { name: 'type', value: 'other' }],
      // Declared far beyond the limit: refused before reading.
      [{ name: 'type', value: 'other' }, file(Buffer.concat([tinyPdf(), Buffer.alloc(3 * MAX_BYTES)]), 'huge.pdf')],
    ] as Part[][]) {
      const res = await upload(auth.accessToken, parts);
      expect(res.status).toBe(413);
      expect(ErrorEnvelope.parse(res.json).error.code).toBe(8);
    }
    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([tinyPdf(), Buffer.alloc(MAX_BYTES - tinyPdf().length, 0x20)]);
    await expectNothingStored(auth.profile.id, before);
    expect((await upload(auth.accessToken, [{ name: 'type', value: 'other' }, file(atLimit, 'ok.pdf')])).status).toBe(
      200,
    );
  });

  it('validates the type (422 on type), the presence of a file and the shape of the request', async () => {
    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    const before = await snapshot(auth.profile.id);
    const bad = await upload(token, [{ name: 'type', value: 'passport' }, file(tinyJpeg())]);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.fields)).toEqual(['type']);
    const missing = await upload(token, [file(tinyJpeg())]);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json.error.fields)).toEqual(['type']);
    const noFile = await upload(token, [{ name: 'type', value: 'other' }]);
    expect(noFile.status).toBe(422);
    expect(Object.keys(noFile.json.error.fields)).toEqual(['file']);
    const wrongField = await upload(token, [
      { name: 'type', value: 'other' },
      { ...file(tinyJpeg()), name: 'document' },
    ]);
    expect(wrongField.status).toBe(422);
    expect(Object.keys(wrongField.json.error.fields)).toEqual(['file']);
    const both = await upload(token, [{ name: 'type', value: '' }, file(Buffer.from('text'))]);
    expect(Object.keys(both.json.error.fields).sort()).toEqual(['file', 'type']);
    const json = await t.call('POST', '/api/player/documents', { token, body: { type: 'other' } });
    expect(json.status).toBe(422);
    expect(json.json.error.fields.file).toBeDefined();
    const broken = await t.request({
      method: 'POST',
      url: '/api/player/documents',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: 'this is not multipart',
    });
    expect([413, 422]).toContain(broken.status);
    const twoFiles = await upload(token, [{ name: 'type', value: 'other' }, file(tinyJpeg()), file(tinyPng())]);
    expect(twoFiles.status).toBe(413);
    await expectNothingStored(auth.profile.id, before);
  });

  it('lists only the caller’s documents and deletes only their own pending or rejected ones', async () => {
    const a = await registerPlayer(t);
    const b = await registerPlayer(t);
    const doc = (await upload(a.auth.accessToken, [{ name: 'type', value: 'payment' }, file(tinyPng(), 'card.png')]))
      .json.data as PlayerDocument;
    const second = (await upload(a.auth.accessToken, [{ name: 'type', value: 'other' }, file(tinyPdf(), 'x.pdf')])).json
      .data as PlayerDocument;
    expect(await list(b.auth.accessToken)).toEqual([]);

    const foreign = await t.call('DELETE', `/api/player/documents/${doc.id}`, { token: b.auth.accessToken });
    expect(foreign.status).toBe(404);
    expect((await t.call('DELETE', '/api/player/documents/not-a-uuid', { token: a.auth.accessToken })).status).toBe(
      404,
    );
    expect((await list(a.auth.accessToken)).map((d) => d.id)).toEqual([second.id, doc.id]);

    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    const deleted = await t.call('DELETE', `/api/player/documents/${doc.id}`, { token: a.auth.accessToken });
    expect(deleted.status).toBe(200);
    expect(deleted.json.data.map((d: PlayerDocument) => d.id)).toEqual([second.id]);
    expect(filesUnder(filesDir)).not.toContain(row!.storageKey);

    await t.database.db
      .update(documents)
      .set({ status: 3, rejectReason: 'Blurred' })
      .where(eq(documents.id, second.id));
    expect((await list(a.auth.accessToken))[0]).toMatchObject({ status: 3, rejectReason: 'Blurred' });
    const third = (await upload(a.auth.accessToken, [{ name: 'type', value: 'other' }, file(tinyPdf(), 'y.pdf')])).json
      .data as PlayerDocument;
    await t.database.db.update(documents).set({ status: 1 }).where(eq(documents.id, third.id));
    const approved = await t.call('DELETE', `/api/player/documents/${third.id}`, { token: a.auth.accessToken });
    expect(approved.status).toBe(409);
    expect(approved.json.error).toMatchObject({ code: 7, message: 'An approved document cannot be deleted.' });
    expect(
      (await t.call('DELETE', `/api/player/documents/${second.id}`, { token: a.auth.accessToken })).json.data,
    ).toEqual([expect.objectContaining({ id: third.id, status: 1 })]);
  });

  it('answers 401 to guests on every document and verification endpoint', async () => {
    const { payload, contentType } = multipart([{ name: 'type', value: 'other' }, file(tinyJpeg())]);
    const before = filesUnder(filesDir);
    const guestUpload = await t.request({
      method: 'POST',
      url: '/api/player/documents',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(guestUpload.status).toBe(401);
    expect((await t.call('GET', '/api/player/documents')).status).toBe(401);
    expect((await t.call('DELETE', '/api/player/documents/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await t.call('POST', '/api/player/services/sumsub/auth')).status).toBe(401);
    expect((await t.call('GET', '/api/player/services/sumsub/status')).status).toBe(401);
    expect((await t.call('GET', '/api/player/documents', { token: 'not-a-token' })).status).toBe(401);
    expect(filesUnder(filesDir)).toEqual(before);
  });

  it('removes the stored file again when the database refuses the row', async () => {
    const { auth } = await registerPlayer(t);
    const before = await snapshot(auth.profile.id);
    await t.database.db.execute(
      sql`alter table kyc.documents add constraint test_refuse_inserts check (size_bytes < 0) not valid`,
    );
    try {
      const res = await upload(auth.accessToken, [{ name: 'type', value: 'other' }, file(tinyPdf(), 'z.pdf')]);
      expect(res.status).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table kyc.documents drop constraint test_refuse_inserts`);
    }
    await expectNothingStored(auth.profile.id, before);
  });

  it(`refuses more than ${MAX_DOCUMENTS_PER_PLAYER} documents per player`, async () => {
    const { auth } = await registerPlayer(t);
    await t.database.db.insert(documents).values(
      Array.from({ length: MAX_DOCUMENTS_PER_PLAYER }, (_, i) => ({
        playerId: auth.profile.id,
        type: 'other',
        fileName: `f${i}.pdf`,
        storageKey: `documents/cap-${auth.profile.id}-${i}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: 1,
        sha256: 'x',
      })),
    );
    const before = await snapshot(auth.profile.id);
    const res = await upload(auth.accessToken, [{ name: 'type', value: 'other' }, file(tinyPdf())]);
    expect(res.status).toBe(422);
    expect(res.json.error.fields.file[0]).toMatch(/at most 50/);
    await expectNothingStored(auth.profile.id, before);
  });
});

describe('file names', () => {
  it('keeps the base name only, strips control and direction characters, and limits the length', () => {
    expect(sanitizeFileName('../../etc/passwd', 'pdf')).toBe('passwd');
    expect(sanitizeFileName('C:\\docs\\id card.jpg', 'jpg')).toBe('id card.jpg');
    expect(sanitizeFileName('evil\u202Egpj.exe', 'jpg')).toBe('evilgpj.exe');
    expect(sanitizeFileName('a\u0000b\nc.png', 'png')).toBe('abc.png');
    expect(sanitizeFileName('', 'pdf')).toBe('document.pdf');
    expect(sanitizeFileName('...', 'pdf')).toBe('document.pdf');
    expect(sanitizeFileName(undefined, 'png')).toBe('document.png');
    const long = sanitizeFileName(`${'x'.repeat(300)}.jpeg`, 'jpg');
    expect(long).toHaveLength(100);
    expect(long.endsWith('.jpeg')).toBe(true);
  });
});
