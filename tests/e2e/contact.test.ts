import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, waitForHydration } from './browser.ts';
import { text } from './content.ts';

const t = (key: string, params: Record<string, string> = {}) =>
  text('en', key.split('.')[0]!, key.split('.').slice(1).join('.')).replace(/\{(\w+)\}/g, (_, k) => params[k] ?? '');

const emailField = (page: Page) => page.locator('form input[name="email"]');
const messageField = (page: Page) => page.locator('form textarea[name="message"]');
const submit = (page: Page) => page.locator('form button[type="submit"]');
/** The error tied to a field through aria-describedby, or null. */
const errorOf = (page: Page, field: 'input' | 'textarea', name: string) =>
  page.evaluate(
    ([tag, n]) => {
      const el = document.querySelector(`form ${tag}[name="${n}"]`);
      const id = el?.getAttribute('aria-describedby');
      return id ? (document.getElementById(id)?.textContent ?? null) : null;
    },
    [field, name] as const,
  );

describe('contact form', () => {
  let context: BrowserContext | undefined;
  afterAll(() => closeBrowser(context));

  it('validates in the browser before sending, then sends a valid message', async () => {
    // Own client IP, so the form's rate limit (5 per 10 minutes) is not shared with other tests.
    context = await openBrowser({ headers: { 'cf-connecting-ip': '203.0.113.10' } });
    const { page, errors } = await newPage(context);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') posts.push(`${request.method()} ${request.url()}`);
    });
    await page.goto('/contact');
    await waitForHydration(page);
    expect(await page.locator('main h1').textContent()).toBe(t('global-components.contact.title'));

    await submit(page).click();
    await page.locator('form .field__error').first().waitFor();
    expect(await errorOf(page, 'input', 'email')).toMatch(/\S/);
    expect(await errorOf(page, 'textarea', 'message')).toMatch(/\S/);
    expect(await emailField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await messageField(page).getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);

    await emailField(page).fill('not-an-email');
    await messageField(page).fill('Hello, I have a question about my account.');
    await submit(page).click();
    await page.waitForFunction(() => !document.querySelector('form textarea[aria-invalid]'));
    expect(await errorOf(page, 'input', 'email')).toBe(t('fields-settings.validation.email'));
    expect(await errorOf(page, 'textarea', 'message')).toBeNull();
    expect(posts).toEqual([]);

    await emailField(page).fill('player@example.com');
    await submit(page).click();
    const notice = page.locator('main .notice--success[role="status"]');
    await notice.waitFor();
    expect((await notice.textContent())?.trim()).toBe(
      t('global-components.contact.success', { email: 'player@example.com' }),
    );
    expect(posts).toHaveLength(1);
    expect(await page.locator('form').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('contact form without JavaScript (server action)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser({ javaScriptEnabled: false, headers: { 'cf-connecting-ip': '203.0.113.11' } });
  });
  afterAll(() => closeBrowser(context));

  // Without scripts the preloader's CSS fallback only lifts its cover after 3 s, so these tests
  // submit from the keyboard (Enter in the e-mail field), as a keyboard user could at once.
  it('sends a valid message', async () => {
    const page = await context.newPage();
    await page.goto('/contact');
    await emailField(page).fill('nojs@example.com');
    await messageField(page).fill('Sent from a browser without JavaScript.');
    const [response] = await Promise.all([page.waitForNavigation(), emailField(page).press('Enter')]);
    expect(response?.request().method()).toBe('POST');
    expect(response?.status()).toBe(200);
    const notice = page.locator('main .notice--success[role="status"]');
    expect((await notice.textContent())?.trim()).toBe(
      t('global-components.contact.success', { email: 'nojs@example.com' }),
    );
    await page.close();
  });

  it("shows the server's validation error on the e-mail field and keeps what was typed", async () => {
    const page = await context.newPage();
    await page.goto('/contact');
    await emailField(page).fill('not-an-email');
    await messageField(page).fill('A message that is long enough.');
    const [response] = await Promise.all([page.waitForNavigation(), emailField(page).press('Enter')]);
    expect(response?.request().method()).toBe('POST');
    expect(response?.status()).toBe(422);
    expect(await page.locator('main .notice--error').count()).toBe(0);
    expect(await emailField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await errorOf(page, 'input', 'email')).toBeTruthy();
    expect(await emailField(page).inputValue()).toBe('not-an-email');
    expect(await messageField(page).inputValue()).toBe('A message that is long enough.');
    await page.close();
  });
});
