import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, pathOf, resetContext, visit, waitForHydration } from './browser.ts';
import { questionGroupIds, questionsGroup, text } from './content.ts';

describe('questions pages (never prefixed, spec §2)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('/questions lists the groups; clicking one opens /questions/{id}', async () => {
    await resetContext(context);
    const { page, errors } = await newPage(context);
    const response = await visit(page, '/questions');
    expect(response.status()).toBe(200);
    expect((await page.locator('main h1').textContent())?.trim()).toBe(
      text('en', 'global-components', 'pages.questions'),
    );
    const groups = questionGroupIds('en');
    expect(groups).toContain('payments');
    const titles = await page.locator('main .card__title').allTextContents();
    expect(titles.sort()).toEqual(groups.map((g) => questionsGroup('en', g).title).sort());

    const payments = questionsGroup('en', 'payments');
    await page.locator('main').getByRole('link', { name: payments.title }).click();
    await page.waitForURL((url) => url.pathname === '/questions/payments');
    await page.locator('main article h1', { hasText: payments.title }).waitFor();
    expect(await page.locator('main .faq__item').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('/questions/unknown returns to /questions', async () => {
    await resetContext(context);
    const { page, errors } = await newPage(context);
    const response = await visit(page, '/questions/unknown');
    expect(response.status()).toBe(200);
    expect(pathOf(page)).toBe('/questions');
    expect(response.request().redirectedFrom()?.url()).toMatch(/\/questions\/unknown$/);
    await page.locator('main .card__title').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('with language=fr the questions page is French, without a prefix', async () => {
    await resetContext(context, { cookies: { language: 'fr' } });
    const { page, errors } = await newPage(context);
    const response = await visit(page, '/questions');
    expect(response.request().redirectedFrom()).toBeNull();
    expect(pathOf(page)).toBe('/questions');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    const french = text('fr', 'global-components', 'pages.questions');
    expect((await page.locator('main h1').textContent())?.trim()).toBe(french);
    const titles = await page.locator('main .card__title').allTextContents();
    expect(titles).toContain(questionsGroup('fr', 'payments').title);
    expect(titles).not.toContain(questionsGroup('en', 'payments').title);

    // /fr/questions is not a page of its own: the prefix is dropped.
    await page.goto('/fr/questions');
    await waitForHydration(page);
    expect(pathOf(page)).toBe('/questions');
    expect(errors).toEqual([]);
  });
});
