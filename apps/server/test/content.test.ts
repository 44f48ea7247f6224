import { ContentDocument, Page, PageSummary } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, databaseKind, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url });

describe(`content (${databaseKind})`, () => {
  it('serves each content folder per locale', async () => {
    for (const folder of ['alerts', 'fields-settings', 'global-components', 'layout']) {
      const en = ContentDocument.parse((await get(`/api/content/documents/${folder}?locale=en`)).json.data);
      const de = ContentDocument.parse((await get(`/api/content/documents/${folder}?locale=de`)).json.data);
      expect(de.locale).toBe('de');
      expect(JSON.stringify(de.content)).not.toBe(JSON.stringify(en.content));
    }
    const layout = (await get('/api/content/documents/layout?locale=de')).json.data.content;
    expect(layout.header.signIn).toBe('Anmelden');
  });

  it('falls back to the default locale for an unknown locale', async () => {
    const res = await get('/api/content/documents/layout?locale=xx');
    expect(res.status).toBe(200);
    expect(res.json.data.locale).toBe('en');
    expect(res.json.data.content.header.signIn).toBe('Sign in');
  });

  it('answers 404 for an unknown folder and 422 for an overlong locale', async () => {
    expect((await get('/api/content/documents/secrets')).status).toBe(404);
    const res = await get('/api/content/documents/layout?locale=abcdefgh');
    expect(res.status).toBe(422);
    expect(res.json.error.fields.locale).toHaveLength(1);
  });

  it('serves static, bonus and questions pages with titles per locale', async () => {
    const en = Page.parse((await get('/api/content/pages/static/about-us?locale=en')).json.data);
    const it_ = Page.parse((await get('/api/content/pages/static/about-us?locale=it')).json.data);
    expect(en.title).not.toBe(it_.title);
    expect(en.html).toMatch(/<h2|<p>/);
    const bonus = Page.parse((await get('/api/content/pages/bonus/welcome-bonus?locale=es')).json.data);
    expect(bonus.locale).toBe('es');
    const q = Page.parse((await get('/api/content/pages/questions/payments?locale=pt-br')).json.data);
    expect(q.items?.length).toBeGreaterThanOrEqual(4);
    expect(q.items?.[0]?.answerHtml).toMatch(/<p>/);
  });

  it('lists pages of a folder ordered', async () => {
    const list = z.array(PageSummary).parse((await get('/api/content/pages/questions?locale=fr')).json.data);
    expect(list.length).toBeGreaterThanOrEqual(6);
    const orders = list.map((p) => p.order ?? 0);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('answers 404 for a missing page and for identities that could escape the folder', async () => {
    expect((await get('/api/content/pages/static/no-such-page')).status).toBe(404);
    for (const bad of ['..%2F..%2Fpackage', 'ABOUT', 'a'.repeat(81)]) {
      const res = await get(`/api/content/pages/static/${bad}`);
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe(2);
    }
  });

  it('looks up route rules by path', async () => {
    expect((await get('/api/content/route-rules?path=/faq')).json.data).toMatchObject({
      to: '/questions',
      status: 301,
    });
    expect((await get('/api/content/route-rules?path=/FAQ/')).json.data).toMatchObject({ to: '/questions' });
    expect((await get('/api/content/route-rules?path=/nothing')).json.data).toBeNull();
    expect((await get('/api/content/route-rules')).status).toBe(422);
  });
});
