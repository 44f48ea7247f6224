import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each case comes from its own address, so the per-visitor rate limit only bites where it is tested. */
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/notification/communications',
    headers: { 'cf-connecting-ip': `198.51.100.${++ipCounter}`, ...headers },
    ...(typeof payload === 'string' ? { payload } : { payload: payload as object }),
  });

const count = async () => {
  const rows = await t.database.db.execute(sql`select count(*)::int as n from notification.communications`);
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

describe(`contact form (${databaseKind})`, () => {
  it('stores a valid message and answers with a message', async () => {
    const before = await count();
    const res = await post({ email: 'player@example.com', message: 'My withdrawal is pending for two days.' });
    expect(res.status).toBe(200);
    expect(res.json.data.message).toBeTypeOf('string');
    expect(await count()).toBe(before + 1);
  });

  it.each([
    ['nothing', {}, ['email', 'message']],
    ['a bad e-mail', { email: 'not-an-email', message: 'Long enough message here' }, ['email']],
    ['a short message', { email: 'a@b.co', message: 'short' }, ['message']],
    ['a blank message', { email: 'a@b.co', message: '          ' }, ['message']],
    ['an overlong message', { email: 'a@b.co', message: 'x'.repeat(5001) }, ['message']],
    ['wrong types', { email: 42, message: ['no'] }, ['email', 'message']],
  ])('rejects %s with 422 naming the fields and stores nothing', async (_name, body, fields) => {
    const before = await count();
    const res = await post(body);
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe(3);
    expect(Object.keys(res.json.error.fields).sort()).toEqual([...fields].sort());
    for (const f of fields) expect(res.json.error.fields[f][0]).toBeTypeOf('string');
    expect(await count()).toBe(before);
  });

  it('answers a text body with 422: it is not the object the contract asks for', async () => {
    const res = await post('email=a@b.co', { 'content-type': 'text/plain' });
    expect(res.status).toBe(422);
  });

  it('answers malformed JSON with 422, not 500', async () => {
    const res = await post('{"email": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(422);
    expect(res.json.error).toBeDefined();
  });

  it('answers an unsupported media type with 415', async () => {
    const res = await post('<email>a@b.co</email>', { 'content-type': 'application/xml' });
    expect(res.status).toBe(415);
    expect(res.json.error.code).toBe(10);
  });

  it('answers an oversized body with 413', async () => {
    const res = await post({ email: 'a@b.co', message: 'x'.repeat(40_000) });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe(8);
  });

  it('limits one visitor to five messages in ten minutes', async () => {
    const headers = { 'cf-connecting-ip': '192.0.2.99' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await post({ email: 'spam@example.com', message: `Message number ${i} here` }, headers)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await post({ email: 'spam@example.com', message: 'Yet another message' }, headers);
    expect(limited.json.error.code).toBe(5);
    // Another visitor is not affected.
    expect((await post({ email: 'ok@example.com', message: 'A different visitor' })).status).toBe(200);
  });
});
