import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlayerDocument } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumsubSignature } from '../../src/modules/kyc/sumsub.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, nextIp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { signedInStaff } from '../staff/helpers.ts';
import { multipart, startServer, tinyPng } from './helpers.ts';

const APP_TOKEN = 'sbx:test-app-token';
const SECRET = 'test-secret-key';

/** A stand-in for api.sumsub.com that checks every signature like Sumsub does. */
const calls: { method: string; path: string; body: string }[] = [];
const reviews = new Map<string, unknown>();
let failNext = false;
let fake: Awaited<ReturnType<typeof startServer>>;
let t: PlayerTestApp;

beforeAll(async () => {
  fake = await startServer((req, res, body) => {
    const ts = String(req.headers['x-app-access-ts']);
    const expected = createHmac('sha256', SECRET)
      .update(`${ts}${req.method}${req.url}${body.toString()}`)
      .digest('hex');
    const fresh = Math.abs(Date.now() / 1000 - Number(ts)) < 60;
    if (req.headers['x-app-token'] !== APP_TOKEN || req.headers['x-app-access-sig'] !== expected || !fresh) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"description":"Invalid signature"}');
      return;
    }
    calls.push({ method: req.method!, path: req.url!, body: body.toString() });
    if (failNext) {
      failNext = false;
      return void res.writeHead(500).end('{}');
    }
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && req.url === '/resources/accessTokens/sdk') {
      const { userId } = JSON.parse(body.toString());
      return void res.end(JSON.stringify({ token: `_act-sbx-${userId}`, userId }));
    }
    const match = /^\/resources\/applicants\/-;externalUserId=([^/]+)\/one$/.exec(req.url!);
    if (req.method === 'GET' && match) {
      const review = reviews.get(decodeURIComponent(match[1]!));
      if (!review) return void res.writeHead(404).end('{"description":"Applicant not found"}');
      return void res.end(JSON.stringify({ id: 'app-1', review }));
    }
    res.writeHead(404).end('{}');
  });
  t = await createPlayerTestApp({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'croupier-kyc-sumsub-')),
    SUMSUB_APP_TOKEN: APP_TOKEN,
    SUMSUB_SECRET_KEY: SECRET,
    SUMSUB_BASE_URL: fake.url,
    SUMSUB_LEVEL_NAME: 'test-level',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const status = async (token: string) =>
  (await t.call('GET', '/api/player/services/sumsub/status', { token })).json.data as {
    status: string;
    rejectReason: string | null;
  };

describe(`identity verification through Sumsub (${databaseKind})`, () => {
  it('signs like Sumsub documents: hex HMAC-SHA256 of ts + method + path + body', () => {
    expect(sumsubSignature('secret', '1607551635', 'post', '/resources/accessTokens/sdk', '{"a":1}')).toBe(
      createHmac('sha256', 'secret').update('1607551635POST/resources/accessTokens/sdk{"a":1}').digest('hex'),
    );
  });

  it('gets an SDK token for the player (top-level token) with a signed request', async () => {
    const { auth } = await registerPlayer(t);
    const res = await t.call('POST', '/api/player/services/sumsub/auth', { token: auth.accessToken });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ token: `_act-sbx-${auth.profile.id}` });
    const call = calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/resources/accessTokens/sdk' });
    expect(JSON.parse(call.body)).toMatchObject({ userId: auth.profile.id, levelName: 'test-level' });
    // No sandbox here.
    expect((await t.request({ method: 'GET', url: '/kyc/sandbox?token=x' })).status).toBe(404);
  });

  it('follows the review: init, pending, approved (approving pending documents), and rejected with the reason', async () => {
    const a = await registerPlayer(t);
    const { payload, contentType } = multipart([
      { name: 'type', value: 'identity_front' },
      { name: 'file', filename: 'id.png', contentType: 'image/png', data: tinyPng() },
    ]);
    const up = await t.request({
      method: 'POST',
      url: '/api/player/documents',
      headers: {
        authorization: `Bearer ${a.auth.accessToken}`,
        'content-type': contentType,
        'cf-connecting-ip': nextIp(),
      },
      payload,
    });
    expect(up.status).toBe(200);
    expect(await status(a.auth.accessToken)).toEqual({ status: 'init', rejectReason: null });
    reviews.set(a.auth.profile.id, { reviewStatus: 'pending' });
    expect((await status(a.auth.accessToken)).status).toBe('pending');
    reviews.set(a.auth.profile.id, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
    expect(await status(a.auth.accessToken)).toEqual({ status: 'approved', rejectReason: null });
    const docs = (await t.call('GET', '/api/player/documents', { token: a.auth.accessToken })).json
      .data as PlayerDocument[];
    expect(docs.map((d) => d.status)).toEqual([1]);

    const b = await registerPlayer(t);
    reviews.set(b.auth.profile.id, {
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'RED', moderationComment: 'The document is expired.', rejectLabels: ['EXPIRED'] },
    });
    expect(await status(b.auth.accessToken)).toEqual({ status: 'rejected', rejectReason: 'The document is expired.' });
  });

  it('answers 502 (never 401/403) when Sumsub fails, and the last known state when the review cannot be read', async () => {
    const { auth } = await registerPlayer(t);
    failNext = true;
    const res = await t.call('POST', '/api/player/services/sumsub/auth', { token: auth.accessToken });
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe(1);
    reviews.set(auth.profile.id, { reviewStatus: 'queued' });
    expect((await status(auth.accessToken)).status).toBe('pending');
    failNext = true;
    expect((await status(auth.accessToken)).status).toBe('pending');
  });

  it("with confirmProviderResults Sumsub's decision waits for a person, and a confirmed one is not held again", async () => {
    const owner = await signedInStaff(t, 'owner');
    const staff = (method: 'POST' | 'PUT', url: string, body: unknown) =>
      t.request({
        method,
        url,
        headers: { ...owner.headers, 'content-type': 'application/json', 'cf-connecting-ip': nextIp() },
        payload: JSON.stringify(body),
      });
    const settings = (confirmProviderResults: boolean) =>
      staff('PUT', '/api/backoffice/settings/kyc', {
        provider: 'sumsub',
        confirmProviderResults,
        thresholdEur: 2000,
        blockWithdrawalsAtThreshold: false,
        reason: 'Sumsub review test.',
      });
    expect((await settings(true)).status).toBe(200);

    const { auth } = await registerPlayer(t);
    const red = { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'RED', moderationComment: 'Expired.' } };
    reviews.set(auth.profile.id, red);
    expect(await status(auth.accessToken)).toEqual({ status: 'pending', rejectReason: null });
    expect(await status(auth.accessToken)).toEqual({ status: 'pending', rejectReason: null });
    const held = await t.call('GET', `/api/backoffice/kyc/verifications?playerId=${auth.profile.id}`, {
      token: owner.token,
    });
    expect(held.json.data).toEqual([
      expect.objectContaining({
        provider: 'sumsub',
        awaitingConfirmation: true,
        providerResult: expect.objectContaining({ status: 'rejected', rejectReason: 'Expired.' }),
      }),
    ]);
    const confirmed = await staff('POST', `/api/backoffice/kyc/verifications/${auth.profile.id}/reject`, {
      reason: 'Expired.',
    });
    expect(confirmed.status).toBe(200);
    // Polled again, the same RED is not news: the person's decision stands.
    expect(await status(auth.accessToken)).toEqual({ status: 'rejected', rejectReason: 'Expired.' });
    expect(await status(auth.accessToken)).toEqual({ status: 'rejected', rejectReason: 'Expired.' });
    // The player retried and Sumsub approved: held again for a person.
    reviews.set(auth.profile.id, { reviewStatus: 'pending' });
    expect((await status(auth.accessToken)).status).toBe('pending');
    reviews.set(auth.profile.id, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
    expect(await status(auth.accessToken)).toEqual({ status: 'pending', rejectReason: null });
    expect((await settings(false)).status).toBe(200);
    // Without the setting, the provider decides alone again.
    expect(await status(auth.accessToken)).toEqual({ status: 'approved', rejectReason: null });
  });
});
