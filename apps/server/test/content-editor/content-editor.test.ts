import { backofficeEndpoints, MARKDOWN_MAX } from '@croupier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { signedInStaff, staffRequest, type TestStaff } from '../staff/helpers.ts';

// The content editor (issue 27): staff's edits per locale over the shipped files, shown by the player API at
// once, audited with before and after, refused with fields when wrong and with 403 for roles without content:write.

const e = backofficeEndpoints.content;
let t: TestApp;
let marketing: TestStaff;
let support: TestStaff;
let finance: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  [marketing, support, finance] = await Promise.all([
    signedInStaff(t, 'marketing'),
    signedInStaff(t, 'support'),
    signedInStaff(t, 'finance'),
  ]);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, staff = marketing) =>
  staffRequest(t, staff, method, url, body);
const site = async (url: string) => t.request({ method: 'GET', url });
const rowsOf = async <T>(query: SQL) => (await t.database.db.execute(query)) as unknown as { rows: T[] };
const lastAudit = async (action: string) =>
  (
    await rowsOf<{ staff_id: string; reason: string; before: unknown; after: unknown; target_id: string }>(
      sql`select staff_id, reason, before, after, target_id from staff.audit_log where action = ${action} order by seq desc limit 1`,
    )
  ).rows[0];
const page = (body: Record<string, unknown> = {}) => ({
  title: 'Über uns (neu)',
  description: 'Wer wir sind',
  markdown: '## Neu\n\nDer **neue** Text.',
  reason: 'Copy update from the marketing team.',
  ...body,
});

describe(`content editor (${databaseKind})`, () => {
  it('refuses support and finance (403) and lets marketing read', async () => {
    for (const staff of [support, finance]) {
      expect((await call('GET', '/api/backoffice/content/locales', undefined, staff)).status).toBe(403);
      const put = await call('PUT', '/api/backoffice/content/de/pages/static/about-us', page(), staff);
      expect([put.status, put.json.error.code]).toEqual([403, 20003]);
    }
    const locales = await call('GET', '/api/backoffice/content/locales');
    expect(locales.status).toBe(200);
    expect(e.locales.response.parse(locales.json).data.map((l) => l.locale)).toEqual([
      'en',
      'de',
      'es',
      'fr',
      'it',
      'pt-br',
    ]);
  });

  it('shows a German page edit on the player API at once, audited with before and after', async () => {
    const before = (await site('/api/content/pages/static/about-us?locale=de')).json.data;
    const saved = await call('PUT', '/api/backoffice/content/de/pages/static/about-us', page());
    expect(saved.status).toBe(200);
    expect(e.savePage.response.parse(saved.json).data).toMatchObject({ origin: 'edited', shipped: true, locale: 'de' });

    const after = (await site('/api/content/pages/static/about-us?locale=de')).json.data;
    expect(after).toMatchObject({ title: 'Über uns (neu)', locale: 'de' });
    expect(after.html).toContain('<strong>neue</strong>');
    // Other locales keep theirs.
    expect((await site('/api/content/pages/static/about-us?locale=en')).json.data.title).not.toBe('Über uns (neu)');

    const audit = await lastAudit('content.page.save');
    expect(audit).toMatchObject({ staff_id: marketing.id, target_id: 'de/static/about-us' });
    expect((audit!.before as { source: { title: string } }).source.title).toBe(before.title);
    expect((audit!.after as { source: { title: string } }).source.title).toBe('Über uns (neu)');

    // Reverting brings the shipped file back.
    const reverted = await call('POST', '/api/backoffice/content/de/pages/static/about-us/revert', {
      reason: 'Back to the shipped text.',
    });
    expect([reverted.status, reverted.json.data.origin]).toEqual([200, 'shipped']);
    expect((await site('/api/content/pages/static/about-us?locale=de')).json.data.title).toBe(before.title);
    const again = await call('POST', '/api/backoffice/content/de/pages/static/about-us/revert', { reason: 'Twice.' });
    expect([again.status, again.json.error.code]).toEqual([409, 20005]);
  });

  it('never lets HTML or script addresses of staff Markdown reach the site', async () => {
    const markdown = [
      '<script>alert(1)</script>',
      '',
      '<img src=x onerror=alert(2)> [click](javascript:alert(3)) [ok](/static/about-us) <javascript:alert(4)>',
      '',
      '![x](data:image/svg+xml;base64,PHN2Zz4=)',
    ].join('\n');
    const preview = await call('POST', e.preview.path, { markdown });
    const saved = await call('PUT', '/api/backoffice/content/fr/pages/static/about-us', page({ markdown }));
    expect(saved.status).toBe(200);
    const { html } = (await site('/api/content/pages/static/about-us?locale=fr')).json.data as { html: string };
    expect(preview.json.data.html).toBe(html);
    expect(html).not.toMatch(/<script|<img|<[^>]*onerror|href="javascript|src="data:/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="/static/about-us">ok</a>');
  });

  it('refuses bad input with 422 and the fields, writing nothing', async () => {
    const bad = async (url: string, body: unknown, method: 'POST' | 'PUT' = 'POST') => {
      const res = await call(method, url, body);
      expect(res.status).toBe(422);
      return Object.keys(res.json.error.fields);
    };
    const create = '/api/backoffice/content/en/pages';
    expect(await bad(create, { ...page(), folder: 'static', identity: 'Bad Slug!' })).toEqual(['identity']);
    expect(await bad(create, { ...page(), folder: 'static', identity: 'about-us' })).toEqual(['identity']);
    expect(
      await bad(create, { ...page({ markdown: 'x'.repeat(MARKDOWN_MAX + 1) }), folder: 'static', identity: 'huge' }),
    ).toEqual(['markdown']);
    expect(await bad(create, { ...page({ reason: undefined }), folder: 'static', identity: 'no-reason' })).toEqual([
      'reason',
    ]);
    expect(await bad(create, { ...page({ markdown: undefined }), folder: 'questions', identity: 'no-items' })).toEqual([
      'items',
    ]);
    // A translation only of a page the default locale has.
    expect(
      await bad('/api/backoffice/content/de/pages', { ...page(), folder: 'static', identity: 'only-german' }),
    ).toEqual(['identity']);
    const doc = '/api/backoffice/content/de/documents/layout';
    expect(await bad(doc, { entries: { 'header.nope': 'x' }, reason: 'Typo fix.' }, 'PUT')).toEqual([
      'entries.header.nope',
    ]);
    expect(await bad(doc, { entries: {}, reason: 'Nothing.' }, 'PUT')).toEqual(['entries']);
    // An unknown locale or folder is no resource at all.
    expect((await call('GET', '/api/backoffice/content/xx/pages')).status).toBe(404);
    expect((await site('/api/content/pages/static/huge?locale=en')).status).toBe(404);
  });

  it('creates, unpublishes and reverts a page; the missing translations list follows', async () => {
    const created = await call('POST', '/api/backoffice/content/en/pages', {
      ...page({ title: 'Summer promo', markdown: 'Sun and spins.' }),
      folder: 'bonus',
      identity: 'summer-promo',
      bonusCode: 'SUMMER',
    });
    expect([created.status, created.json.data.origin]).toEqual([200, 'created']);
    const en = (await site('/api/content/pages/bonus/summer-promo?locale=en')).json.data;
    expect(en).toMatchObject({ title: 'Summer promo', bonusCode: 'SUMMER' });
    // German falls back to English and lists the page as missing.
    expect((await site('/api/content/pages/bonus/summer-promo?locale=de')).json.data.locale).toBe('en');
    const missing = async () => (await call('GET', '/api/backoffice/content/de/missing')).json.data;
    expect((await missing()).pages).toContainEqual({ folder: 'bonus', identity: 'summer-promo' });
    expect(
      (await site('/api/content/pages/bonus?locale=de')).json.data.map((p: { identity: string }) => p.identity),
    ).toContain('summer-promo');

    const translated = await call('POST', '/api/backoffice/content/de/pages', {
      ...page({ title: 'Sommeraktion', markdown: 'Sonne und Spins.' }),
      folder: 'bonus',
      identity: 'summer-promo',
    });
    expect(translated.status).toBe(200);
    expect((await site('/api/content/pages/bonus/summer-promo?locale=de')).json.data.title).toBe('Sommeraktion');
    expect((await missing()).pages).not.toContainEqual({ folder: 'bonus', identity: 'summer-promo' });

    // Unpublished in the default locale: gone from the site in every locale.
    const off = await call('POST', '/api/backoffice/content/en/pages/bonus/summer-promo/unpublish', {
      reason: 'Promo over.',
    });
    expect([off.status, off.json.data.origin]).toEqual([200, 'unpublished']);
    for (const locale of ['en', 'de']) {
      expect((await site(`/api/content/pages/bonus/summer-promo?locale=${locale}`)).status).toBe(404);
    }
    const audit = await lastAudit('content.page.unpublish');
    expect(audit).toMatchObject({ reason: 'Promo over.', after: { published: false }, before: { published: true } });
    const twice = await call('POST', '/api/backoffice/content/en/pages/bonus/summer-promo/unpublish', {
      reason: 'Again.',
    });
    expect(twice.status).toBe(409);

    // Reverting a created page removes it.
    const gone = await call('POST', '/api/backoffice/content/en/pages/bonus/summer-promo/revert', {
      reason: 'Drop it.',
    });
    expect([gone.status, gone.json.data]).toEqual([200, null]);
    expect((await site('/api/content/pages/bonus/summer-promo?locale=de')).status).toBe(404);
  });

  it('edits document texts per locale (error page wording included), reverts one with null', async () => {
    const url = '/api/backoffice/content/de/documents/global-components';
    const editsOf = async () =>
      (await call('GET', '/api/backoffice/content/locales')).json.data.find(
        (l: { locale: string }) => l.locale === 'de',
      ).edits as number;
    const edits = await editsOf();
    const view = e.document.response.parse((await call('GET', url)).json).data;
    const titleKey = view.entries.find((x) => x.defaultValue === 'Something went wrong')!.key;
    const saved = await call('PUT', url, { entries: { [titleKey]: 'Hoppla!' }, reason: 'Friendlier wording.' });
    expect(saved.status).toBe(200);
    expect(saved.json.data.entries.find((x: { key: string }) => x.key === titleKey)).toMatchObject({
      value: 'Hoppla!',
      origin: 'edited',
    });
    const tree = (await site('/api/content/documents/global-components?locale=de')).json.data.content;
    expect(
      titleKey.split('.').reduce((node: Record<string, unknown>, k) => node[k] as Record<string, unknown>, tree),
    ).toBe('Hoppla!');
    const audit = await lastAudit('content.texts');
    expect(audit).toMatchObject({ target_id: 'de/global-components', after: { [titleKey]: 'Hoppla!' } });
    expect((audit!.before as Record<string, string>)[titleKey]).not.toBe('Hoppla!');

    // A placeholder the site fills in must stay.
    const alerts = e.document.response.parse(
      (await call('GET', '/api/backoffice/content/de/documents/alerts')).json,
    ).data;
    const withPlaceholder = alerts.entries.find((x) => /\{[a-zA-Z_]+\}/.test(x.defaultValue));
    if (withPlaceholder) {
      const res = await call('PUT', '/api/backoffice/content/de/documents/alerts', {
        entries: { [withPlaceholder.key]: 'ohne Platzhalter' },
        reason: 'Test.',
      });
      expect(res.status).toBe(422);
    }

    const back = await call('PUT', url, { entries: { [titleKey]: null }, reason: 'Back to the shipped text.' });
    expect(back.json.data.entries.find((x: { key: string }) => x.key === titleKey).origin).toBe('shipped');
    expect(await editsOf()).toBe(edits);
  });

  it('hears a change made by another instance through the content scope', async () => {
    // Another instance's write: the row and the event, without this instance applying it itself.
    await t.database.db.execute(sql`
      insert into content.overrides (locale, kind, key, value)
      values ('it', 'document', 'layout', ${JSON.stringify({ 'header.signIn': 'Entra ora' })}::jsonb)`);
    expect((await site('/api/content/documents/layout?locale=it')).json.data.content.header.signIn).not.toBe(
      'Entra ora',
    );
    t.app.configBus.apply(['content']);
    await expect
      .poll(async () => (await site('/api/content/documents/layout?locale=it')).json.data.content.header.signIn)
      .toBe('Entra ora');
  });
});
