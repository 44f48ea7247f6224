import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.ts';
import { signedInStaff } from './helpers.ts';

// BACKOFFICE_ALLOWED_IPS (decision 0104): outside the list, the back office's API and pages answer the 404 of a
// path that does not exist; the player API is not concerned.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BACKOFFICE_ALLOWED_IPS: '10.9.0.0/16, 2001:db8::/32' });
});
afterAll(async () => t?.close());

const from = (ip: string, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
  t.request({
    method,
    url,
    headers: { 'cf-connecting-ip': ip, ...headers },
    ...(method === 'POST' ? { payload: { email: 'a@b.test', password: 'x' } } : {}),
  });

describe('the back office address allow-list', () => {
  it('lets a listed address reach the back office API', async () => {
    const staff = await signedInStaff(t, 'support');
    expect((await from('10.9.1.2', 'GET', '/api/backoffice/me', staff.headers)).status).toBe(200);
    expect((await from('2001:db8::7', 'GET', '/api/backoffice/me')).json.error.code).toBe(20000);
  });

  it('answers any other address as if nothing were there, signed in or not', async () => {
    const staff = await signedInStaff(t, 'owner');
    const unknown = await from('10.8.0.1', 'GET', '/api/nothing-here');
    for (const [method, url] of [
      ['GET', '/api/backoffice/me'],
      ['GET', '/api/backoffice/staff?page=1'],
      ['POST', '/api/backoffice/sessions'],
      ['GET', '/api/backoffic%65/me'],
      ['GET', '/backoffice'],
      ['GET', '/backoffice/players/1'],
    ] as const) {
      const res = await from('10.8.0.1', method, url, staff.headers);
      expect(res.status, url).toBe(404);
      expect(res.json.error.code).toBe(unknown.json.error.code);
      expect(res.json.error.message).toBe(`Not found: ${method} ${url.split('?')[0]}`);
    }
  });

  it('leaves the player API and the site alone', async () => {
    expect((await from('10.8.0.1', 'GET', '/api/player/profile')).status).toBe(401);
    expect((await from('10.8.0.1', 'GET', '/api/backofficer')).json.error.message).toBe(
      'Not found: GET /api/backofficer',
    );
  });
});
