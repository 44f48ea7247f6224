import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoInstances, type TwoInstances } from '../config-bus/two-instances.ts';
import type { TestApp } from '../harness.ts';
import { signedInStaff } from '../staff/helpers.ts';

// Issue 27: a site setting and a content edit made on instance A show on instance B (its own handle and caches,
// one PostgreSQL, one Redis) once the change's word arrives through the outbox and Redis: no restart, no TTL.

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!adminUrl || !redisUrl)(
  'site settings and content across two instances (skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to run)',
  () => {
    let two: TwoInstances;
    beforeAll(async () => {
      two = await startTwoInstances({ adminUrl: adminUrl!, redisUrl: redisUrl!, prefix: 'croupier_test_site' });
    });
    afterAll(() => two?.close());

    const call = (on: TwoInstances['a'], method: 'GET' | 'PUT', url: string, token: string, body?: unknown) =>
      on.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });

    it("a country restricted on A is restricted by B's checks within 1 s", async () => {
      const { a, b } = two;
      const owner = await signedInStaff({ database: a.database } as unknown as TestApp, 'owner');
      const init = async () =>
        (await b.app.inject({ method: 'GET', url: '/api/player/init', headers: { 'cf-ipcountry': 'PL' } })).json()
          .data as { isRestricted: boolean; restrictType: number | null };
      expect(await init()).toMatchObject({ isRestricted: false });
      const current = (await call(a, 'GET', '/api/backoffice/settings/site', owner.token)).json().data;
      const { updatedAt: _a, updatedBy: _b, defaults: _d, ...value } = current;
      const res = await call(a, 'PUT', '/api/backoffice/settings/site', owner.token, {
        ...value,
        restrictedCountries: [{ country: 'PL', restrictType: 1 }],
        reason: 'Licence lapsed in PL.',
      });
      expect(res.statusCode).toBe(200);
      await expect.poll(init, { timeout: 1000, interval: 20 }).toMatchObject({ isRestricted: true, restrictType: 1 });
    });

    it("a German page edited on A shows on B's player API within 1 s", async () => {
      const { a, b } = two;
      const title = `Über uns ${Date.now()}`;
      const res = await call(a, 'PUT', '/api/backoffice/content/de/pages/static/about-us', two.staffToken, {
        title,
        description: '',
        markdown: 'Neu.',
        reason: 'Copy update.',
      });
      expect(res.statusCode).toBe(200);
      const onB = async () =>
        (await b.app.inject({ method: 'GET', url: '/api/content/pages/static/about-us?locale=de' })).json().data
          .title as string;
      await expect.poll(onB, { timeout: 1000, interval: 20 }).toBe(title);
    });
  },
);
