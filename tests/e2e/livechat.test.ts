import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer, uniqueIp, useToken } from './accounts-helpers.ts';
import { closeBrowser, openBrowser, visit } from './browser.ts';
import { type ServerProcess, startServer } from './server.ts';

/**
 * Live chat (issue 16 item 8, decision 0068): with Chatwoot configured the page loads its SDK (here a fake one
 * served by the test) and identifies a signed-in player with the API's HMAC identity; the page's CSP lets the
 * chat origin in. Unconfigured (the shared e2e server), nothing is loaded.
 */

// A stand-in for Chatwoot's /packs/js/sdk.js: records run() and setUser() on window for the test to read.
const FAKE_SDK = `
window.__chat = { runs: [], users: [] };
window.chatwootSDK = { run: function (o) {
  window.__chat.runs.push(o);
  window.$chatwoot = { setUser: function (id, u) { window.__chat.users.push({ id: id, user: u }); }, reset: function () {} };
  window.dispatchEvent(new Event('chatwoot:ready'));
} };`;

describe('live chat', () => {
  let chat: Server;
  let chatUrl: string;
  let server: ServerProcess;
  let context: BrowserContext;
  beforeAll(async () => {
    chat = createServer((req, res) => {
      if (req.url === '/packs/js/sdk.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(FAKE_SDK);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((done) => chat.listen(0, '127.0.0.1', done));
    chatUrl = `http://127.0.0.1:${(chat.address() as AddressInfo).port}`;
    server = await startServer({
      CHATWOOT_BASE_URL: chatUrl,
      CHATWOOT_WEBSITE_TOKEN: 'e2eWebsiteToken',
      CHATWOOT_HMAC_TOKEN: 'e2e-chatwoot-hmac-secret',
    });
    for (let attempt = 1; ; attempt++) {
      try {
        await server.ready();
        break;
      } catch (error) {
        if (attempt === 3 || !String(error).includes('not ready')) {
          await server.stop();
          throw error;
        }
      }
    }
    context = await openBrowser({ headers: { 'cf-connecting-ip': uniqueIp() } });
    context.setDefaultTimeout(20_000);
  }, 200_000);
  afterAll(async () => {
    await closeBrowser(context);
    await server?.stop();
    await new Promise((done) => chat?.close(done));
  });

  const chatState = (page: Page) =>
    page.evaluate(() => (window as unknown as { __chat?: { runs: unknown[]; users: unknown[] } }).__chat ?? null);

  it('loads the widget for a guest and identifies a signed-in player with the signed identity', async () => {
    const guest = await context.newPage();
    const cspErrors: string[] = [];
    guest.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
    });
    const logs: string[] = [];
    guest.on('console', (m) => logs.push(m.text()));
    guest.on('requestfailed', (r) => logs.push(`failed ${r.url()}`));
    const response = await visit(guest, `${server.url}/`);
    expect(response.headers()['content-security-policy']).toContain(chatUrl);
    await expect
      .poll(async () => (await chatState(guest))?.runs.length ?? 0, { timeout: 20_000, message: logs.join('\n') })
      .toBe(1);
    expect((await chatState(guest))?.runs[0]).toEqual({ websiteToken: 'e2eWebsiteToken', baseUrl: chatUrl });
    expect((await chatState(guest))?.users).toEqual([]);
    await guest.close();

    const player = await registerPlayer({ ip: uniqueIp(), server: server.url });
    await useToken(context, player.accessToken, server.url);
    const page = await context.newPage();
    await visit(page, `${server.url}/`);
    await expect.poll(async () => (await chatState(page))?.users.length ?? 0, { timeout: 20_000 }).toBe(1);
    const { id, user } = ((await chatState(page))!.users as { id: string; user: { identifier_hash: string } }[])[0]!;
    expect(id).toBe(player.id);
    const { createHmac } = await import('node:crypto');
    expect(user.identifier_hash).toBe(createHmac('sha256', 'e2e-chatwoot-hmac-secret').update(player.id).digest('hex'));
    expect(cspErrors).toEqual([]);
    await page.close();
  });
});

describe('live chat unconfigured', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('loads no chat script', async () => {
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/packs/js/sdk.js')) requested.push(r.url());
    });
    await visit(page, '/');
    await page.waitForTimeout(1500);
    expect(requested).toEqual([]);
    expect(await page.locator('script#chatwoot-sdk').count()).toBe(0);
    await page.close();
  });
});
