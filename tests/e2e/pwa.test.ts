import type { BrowserContext, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer, t, uniqueIp, useToken } from './accounts-helpers.ts';
import { baseUrl, closeBrowser, collectErrors, openBrowser, visit } from './browser.ts';

/**
 * The installable app (issue 16 item 11, decision 0070): a valid manifest with PNG icons, a service worker
 * that answers navigations with the offline page when the network is gone (and never a stored page),
 * the drawer's install entry, and installed-app detection sending pwaInstalled once.
 */

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

describe('installable app', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
    context.setDefaultTimeout(20_000);
  });
  afterAll(() => closeBrowser(context));

  it('links a valid manifest whose icons exist at their stated sizes', async () => {
    const page = await fetch(`${baseUrl()}/`);
    const html = await page.text();
    expect(html).toMatch(/<link rel="manifest" href="\/manifest.webmanifest"\/?>/);
    // The page's policy lets the worker and the manifest load from this origin only.
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");

    const manifest = (await (await fetch(`${baseUrl()}/manifest.webmanifest`)).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Croupier', start_url: '/?source=pwa', display: 'standalone' });
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(pngs.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of pngs) {
      const res = await fetch(`${baseUrl()}${icon.src}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: w, height: h });
    }
  });

  it('registers the service worker after load; offline, a navigation gets the offline page, online the live page', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await visit(page, `${baseUrl()}/`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl()}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    try {
      await page.goto(`${baseUrl()}/main`);
      await expect.poll(() => page.locator('[data-offline-page]').isVisible()).toBe(true);
      expect(await page.locator('h1:visible').textContent()).toBe('You are offline');
    } finally {
      await context.setOffline(false);
    }
    // Back online: the real page again, from the network (pages are never kept by the worker).
    const response = await page.goto(`${baseUrl()}/main`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(await page.locator('[data-offline-page]').count()).toBe(0);
    const cached = await page.evaluate(async () => {
      const keys = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
      return keys.flat().map((request) => new URL(request.url).pathname);
    });
    expect(cached).toContain('/offline.html');
    expect(cached.filter((path) => path === '/' || path === '/main')).toEqual([]);
    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await page.close();
  });

  it('offers installing in the drawer when the browser does, and prompts on click', async () => {
    const page = await context.newPage();
    await visit(page, `${baseUrl()}/`);
    const install = page.getByRole('button', { name: t('layout.pwa.install') });
    // What Chromium fires when the site is installable (it may already have, once the worker controls the
    // page); a stand-in whose prompt() can be counted replaces it.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      const w = window as unknown as { __prompted: number };
      w.__prompted = 0;
      event.prompt = async () => {
        w.__prompted += 1;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
    });
    await expect.poll(() => install.count()).toBe(1);
    await install.click({ force: true });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prompted: number }).__prompted)).toBe(1);
    // A prompt is good for one use: the entry goes away.
    await expect.poll(() => install.count()).toBe(0);
    await page.close();
  });

  it('sends pwaInstalled once for a player visiting as the installed app', async () => {
    const player = await registerPlayer({ ip: uniqueIp() });
    await useToken(context, player.accessToken);
    const updates: Request[] = [];
    context.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/player/profile')
        updates.push(request);
    });
    const page = await context.newPage();
    await visit(page, `${baseUrl()}/?source=pwa`);
    await expect.poll(() => updates.length).toBe(1);
    expect(updates[0]!.postDataJSON()).toEqual({ pwaInstalled: true });
    await expect
      .poll(async () => {
        const res = await fetch(`${baseUrl()}/api/player/profile`, {
          headers: { authorization: `Bearer ${player.accessToken}` },
        });
        return ((await res.json()) as { data: { pwaInstalled: boolean } }).data.pwaInstalled;
      })
      .toBe(true);
    // Once: the next installed-app visit finds the profile says so already.
    await visit(page, `${baseUrl()}/?source=pwa`);
    await page.waitForTimeout(1500);
    expect(updates.length).toBe(1);
    await page.close();
  });
});
