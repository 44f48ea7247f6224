import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, pathOf, visit } from './browser.ts';
import { text } from './content.ts';

describe('modals tied to query parameters (spec §2 Modal dialogs)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('?profile-confirmed=true opens an accessible dialog; Escape closes it and clears the parameter', async () => {
    const { page, errors } = await newPage(context);
    await visit(page, '/?profile-confirmed=true&x=1');
    const title = text('en', 'global-components', 'profileConfirmed.title');
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const labelledBy = await dialog.getAttribute('aria-labelledby');
    expect(labelledBy).toBeTruthy();
    const heading = page.locator(`[id="${labelledBy}"]`);
    expect(await heading.evaluate((el) => el.tagName)).toMatch(/^H[1-6]$/);
    expect(await heading.textContent()).toBe(title);
    // Focus moves into the dialog.
    await page.waitForFunction(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement));

    // First modal of the stack: backdrop at 1000 + 2×0, dialog frame one above.
    const frameZ = await dialog.evaluate((el) => getComputedStyle(el.closest('.modal-frame') ?? el).zIndex);
    expect(frameZ).toBe('1001');
    const backdropZ = await page.locator('.modal-backdrop').evaluate((el) => getComputedStyle(el).zIndex);
    expect(backdropZ).toBe('1000');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => !url.searchParams.has('profile-confirmed'));
    expect(pathOf(page)).toBe('/?x=1');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a guest opening a logged-in-only modal (?wallet=deposit) gets no dialog and loses the parameter', async () => {
    const { page, errors } = await newPage(context);
    await visit(page, '/?wallet=deposit&x=1');
    await page.waitForURL((url) => !url.searchParams.has('wallet'));
    expect(pathOf(page)).toBe('/?x=1');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('.modal-frame, .modal-backdrop').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
