import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints, type PlayerDocument } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, nextIp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { multipart, sleep, tinyJpeg } from './helpers.ts';

const DECISION_MS = 400;
let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'croupier-kyc-sandbox-')),
    KYC_SANDBOX_DECISION_SECONDS: String(DECISION_MS / 1000),
  });
});
afterAll(() => t.close());

const status = async (token: string) => {
  const res = await t.call('GET', '/api/player/services/sumsub/status', { token });
  expect(res.status).toBe(200);
  return endpoints.player.verificationStatus.response.parse(res.json).data;
};
const startVerification = async (token: string) => {
  const res = await t.call('POST', '/api/player/services/sumsub/auth', { token });
  expect(res.status).toBe(200);
  expect(Object.keys(res.json)).toEqual(['token']);
  return res.json.token as string;
};
const uploadJpeg = async (token: string) => {
  const { payload, contentType } = multipart([
    { name: 'type', value: 'identity_front' },
    { name: 'file', filename: 'id.jpg', contentType: 'image/jpeg', data: tinyJpeg() },
  ]);
  const res = await t.request({
    method: 'POST',
    url: '/api/player/documents',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'cf-connecting-ip': nextIp() },
    payload,
  });
  expect(res.status).toBe(200);
  return res.json.data as PlayerDocument;
};
const documentsOf = async (token: string) =>
  (await t.call('GET', '/api/player/documents', { token })).json.data as PlayerDocument[];

describe(`identity verification, sandbox provider (${databaseKind})`, () => {
  it('goes init → pending → approved after the delay, and approval approves pending documents', async () => {
    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    expect(await status(token)).toEqual({ status: 'init', rejectReason: null });
    const doc = await uploadJpeg(token);

    const sandboxToken = await startVerification(token);
    expect(sandboxToken).toMatch(/^sandbox_[A-Za-z0-9_-]{32}$/);
    expect(await status(token)).toEqual({ status: 'pending', rejectReason: null });
    expect((await documentsOf(token))[0]).toMatchObject({ id: doc.id, status: 2 });

    await sleep(DECISION_MS + 100);
    expect((await documentsOf(token))[0]).toMatchObject({ id: doc.id, status: 1 });
    expect(await status(token)).toEqual({ status: 'approved', rejectReason: null });
    // Approved stays approved when the SDK asks for a token again; later uploads wait for review.
    await startVerification(token);
    expect((await status(token)).status).toBe('approved');
    const later = await uploadJpeg(token);
    expect((await documentsOf(token)).find((d) => d.id === later.id)?.status).toBe(2);
  });

  it('rejects a player whose last name is "Reject", leaving documents pending; a new token retries', async () => {
    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    const update = await t.call('PUT', '/api/player/profile', {
      token,
      body: { firstName: 'Test', lastName: 'Reject' },
    });
    expect(update.status).toBe(200);
    const doc = await uploadJpeg(token);
    await startVerification(token);
    expect((await status(token)).status).toBe('pending');
    await sleep(DECISION_MS + 100);
    const rejected = await status(token);
    expect(rejected.status).toBe('rejected');
    expect(rejected.rejectReason).toMatch(/Reject/);
    expect((await documentsOf(token))[0]).toMatchObject({ id: doc.id, status: 2 });
    await startVerification(token);
    expect(await status(token)).toEqual({ status: 'pending', rejectReason: null });
  });

  it('keeps the decision time when the token is refreshed while pending', async () => {
    const { auth } = await registerPlayer(t);
    const first = await startVerification(auth.accessToken);
    await sleep(DECISION_MS / 2);
    const second = await startVerification(auth.accessToken);
    expect(second).not.toBe(first);
    await sleep(DECISION_MS / 2 + 100);
    expect((await status(auth.accessToken)).status).toBe('approved');
  });

  it('serves the sandbox page for a current token only, with its own CSP and no script', async () => {
    const { auth } = await registerPlayer(t);
    const sandboxToken = await startVerification(auth.accessToken);
    const page = await t.request({ method: 'GET', url: `/kyc/sandbox?token=${sandboxToken}` });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Verification in progress');
    expect(page.body).not.toMatch(/<script/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cache-control']).toBe('no-store');

    // A newer token replaces the older one.
    await startVerification(auth.accessToken);
    for (const token of [sandboxToken, 'sandbox_nope', '', '<script>']) {
      const res = await t.request({
        method: 'GET',
        url: `/kyc/sandbox?token=${encodeURIComponent(token)}`,
      });
      expect(res.status, token).toBe(404);
      expect(res.body).not.toContain('Verification in progress');
    }
  });
});
