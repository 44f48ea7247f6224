import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorOf,
  expectLoggedIn,
  type Player,
  registerPlayer,
  t,
  uniqueEmail,
  uniqueIp,
  useToken,
} from './accounts-helpers.ts';
import { closeBrowser, newPage, openBrowser, visit } from './browser.ts';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('profile pages of a logged-in player (api-contract §4, §4.1, §5)', () => {
  let context: BrowserContext;
  let player: Player;
  beforeAll(async () => {
    const ip = uniqueIp();
    context = await openBrowser({ headers: { 'cf-connecting-ip': ip } });
    player = await registerPlayer({ email: uniqueEmail('profile'), ip });
    await useToken(context, player.accessToken);
  });
  afterAll(() => closeBrowser(context));

  it('on a phone the profile tab bar scrolls the current tab into view', async () => {
    const { page, errors } = await newPage(context);
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/profile/notifications');
    const bar = page.locator('main nav.tabs');
    const current = bar.locator('[aria-current="page"]');
    await current.waitFor();
    // The bar overflows on a phone, and the last tabs start out of sight.
    expect(await bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect
      .poll(async () => {
        const [b, c] = [await bar.boundingBox(), await current.boundingBox()];
        return !!b && !!c && c.x >= b.x && c.x + c.width <= b.x + b.width;
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/profile/info refuses a one-letter first name before sending, then saves a valid one', async () => {
    const { page, errors } = await newPage(context);
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/api/player/profile')) puts.push(r.postData() ?? '');
    });
    await visit(page, '/profile/info');
    await expectLoggedIn(page, player.email.split('@')[0]!);
    const firstName = page.locator('main form input[name="firstName"]');
    const save = page.locator('main form button[type="submit"]', { hasText: t('global-components.profileInfo.save') });
    await firstName.fill('A');
    await save.click();
    await page.locator('main form .field__error').first().waitFor();
    expect(await errorOf(firstName)).toBe(t('fields-settings.validation.min', { min: 2 }));
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);

    await firstName.fill('Anna');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/player/profile'),
    );
    await save.click();
    expect((await saved).status()).toBe(200);
    await page.locator('main .notice--success', { hasText: t('global-components.profileInfo.saved') }).waitFor();
    expect(JSON.parse(puts[0]!)).toMatchObject({ firstName: 'Anna' });
    expect(await errorOf(firstName)).toBeNull();

    // Kept by the server: after a reload the field shows it (and is locked, first names are fixed once set).
    await visit(page, '/profile/info');
    await expect.poll(() => firstName.inputValue()).toBe('Anna');
    expect(await firstName.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/profile/documents uploads a PNG and lists it in review', async () => {
    const { page, errors } = await newPage(context);
    await visit(page, '/profile/documents');
    const type = page.locator('.document-type[data-type="identity_front"]');
    await type.waitFor();
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/player/documents'),
    );
    await type
      .locator('input[type="file"]')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    expect((await uploaded).status()).toBe(200);
    const row = type.locator('.document', { hasText: 'passport.png' });
    await row.locator('.badge', { hasText: t('global-components.documents.status.pending') }).waitFor();
    await page.locator('main .notice--success', { hasText: t('alerts.documentUploaded.text') }).waitFor();

    // The server has it too: a reload lists it, still in review.
    await visit(page, '/profile/documents');
    await row.locator('.badge', { hasText: t('global-components.documents.status.pending') }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/profile/verification goes through the sandbox provider to approved within seconds', async () => {
    const { page, errors } = await newPage(context);
    await visit(page, '/profile/verification');
    const start = page.getByRole('button', { name: t('global-components.verification.start') });
    await start.click();
    // KYC_SANDBOX_DECISION_SECONDS=2 and a 3 s poll: approved well within 15 s.
    await page
      .locator('main .notice--success', { hasText: t('global-components.verification.approved') })
      .waitFor({ timeout: 15_000 });
    expect(await page.locator('.verification').getAttribute('data-state')).toBe('approved');
    expect(errors).toEqual([]);
    await page.close();
  });
});
