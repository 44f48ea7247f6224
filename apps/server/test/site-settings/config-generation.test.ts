import { backofficeEndpoints, type SiteSettingsValue } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { signedInStaff, staffRequest, type TestStaff } from '../staff/helpers.ts';

// The configuration generation (decision ssr-cache): every answer names it, it moves once a staff change of
// content or site settings is in this instance's caches, and the content API makes caches ask again each time.

let t: TestApp;
let owner: TestStaff;
let marketing: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  [owner, marketing] = await Promise.all([signedInStaff(t, 'owner'), signedInStaff(t, 'marketing')]);
});
afterAll(() => t.close());

const LAYOUT = '/api/content/documents/layout?locale=de';
const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });
const generationOf = async (url = '/api/settings/site') =>
  String((await get(url)).headers['x-config-generation'] ?? '');
const counterOf = (generation: string) => Number(generation.split('.')[1]);

describe(`configuration generation (${databaseKind})`, () => {
  it('stamps every answer; content is no-cache with an ETag and a 304 while unchanged', async () => {
    const first = await get(LAYOUT);
    expect(first.headers['x-config-generation']).toMatch(/^[\w-]+\.\d+$/);
    expect(await generationOf('/api/settings/countries')).toBe(first.headers['x-config-generation']);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(LAYOUT, { 'if-none-match': etag });
    expect([again.status, again.body]).toEqual([304, '']);
    expect((await get(LAYOUT, { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await get('/api/content/pages/static/about-us?locale=de', { 'if-none-match': etag })).status).toBe(200);
  });

  it('moves on a content edit: the new text answers 200 to the old ETag', async () => {
    const before = await get(LAYOUT);
    const generation = String(before.headers['x-config-generation']);
    const url = '/api/backoffice/content/de/documents/layout';
    const view = backofficeEndpoints.content.document.response.parse(
      (await staffRequest(t, marketing, 'GET', url)).json,
    ).data;
    const key = view.entries.find((x) => x.defaultValue === 'Sign in')!.key;
    const saved = await staffRequest(t, marketing, 'PUT', url, { entries: { [key]: 'Einloggen' }, reason: 'Copy.' });
    expect(saved.status).toBe(200);

    await expect.poll(generationOf).not.toBe(generation);
    const moved = await generationOf();
    expect(moved.split('.')[0]).toBe(generation.split('.')[0]);
    expect(counterOf(moved)).toBeGreaterThan(counterOf(generation));
    const after = await get(LAYOUT, { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.json.data.content.header.signIn).toBe('Einloggen');
  });

  it('moves on a site settings change', async () => {
    const generation = await generationOf();
    const e = backofficeEndpoints.siteSettings;
    const read = e.get.response.parse((await staffRequest(t, owner, 'GET', e.get.path)).json).data;
    const { updatedAt: _a, updatedBy: _b, defaults: _d, ...current } = read;
    const value: SiteSettingsValue = {
      ...current,
      features: { ...current.features, quests: !current.features.quests },
    };
    expect((await staffRequest(t, owner, 'PUT', e.get.path, { ...value, reason: 'Quests.' })).status).toBe(200);
    await expect.poll(generationOf).not.toBe(generation);
    expect(counterOf(await generationOf())).toBeGreaterThan(counterOf(generation));
  });
});
