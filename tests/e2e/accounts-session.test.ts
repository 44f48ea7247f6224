import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessCookie,
  dialog,
  expectGuest,
  expectLoggedIn,
  headerSignIn,
  loginPlayer,
  logoutFromMenu,
  type Player,
  registerPlayer,
  signInWithDialog,
  t,
  uniqueEmail,
  uniqueIp,
  userMenuButton,
  useToken,
} from './accounts-helpers.ts';
import { closeBrowser, newPage, openBrowser, pathOf, resetContext, visit } from './browser.ts';

describe('session across tabs and devices (spec §4 Session, §6, §8)', () => {
  let context: BrowserContext;
  let player: Player;
  const ip = uniqueIp();
  beforeAll(async () => {
    context = await openBrowser({ headers: { 'cf-connecting-ip': ip } });
    player = await registerPlayer({ email: uniqueEmail('session'), ip });
  });
  afterAll(() => closeBrowser(context));
  const name = () => player.email.split('@')[0]!;

  it('logging out in one tab sends the other tab home, logged out; logging in again reloads it logged in', async () => {
    await resetContext(context, { headers: { 'cf-connecting-ip': ip } });
    await useToken(context, await loginPlayer(player, { ip }));
    const a = await newPage(context);
    const b = await newPage(context);
    await visit(a.page, '/providers');
    await visit(b.page, '/main?x=1');
    await expectLoggedIn(a.page, name());
    await expectLoggedIn(b.page, name());
    // Markers a logout removes (spec §4): the pending invoice and the game to return to.
    await a.page.evaluate(() => {
      localStorage.setItem('croupier:pending-invoice', '{"id":"1"}');
      localStorage.setItem('croupier:return-game', 'some-game');
    });

    await logoutFromMenu(a.page);
    await expectGuest(a.page);
    await b.page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await expectGuest(b.page);
    expect(pathOf(b.page)).toBe('/');
    // The first tab stays where it was.
    expect(pathOf(a.page)).toBe('/providers');
    expect(await accessCookie(context)).toBeUndefined();
    expect(
      await a.page.evaluate(() => [
        localStorage.getItem('croupier:pending-invoice'),
        localStorage.getItem('croupier:return-game'),
      ]),
    ).toEqual([null, null]);

    // A login signal reloads a logged-out tab (spec §4 "Other tabs").
    const reloaded = b.page.waitForEvent('framenavigated', (frame) => frame === b.page.mainFrame());
    await headerSignIn(a.page).click();
    await signInWithDialog(a.page, player.email, player.password);
    await expectLoggedIn(a.page, name());
    await reloaded;
    await expectLoggedIn(b.page, name());
    expect(pathOf(b.page)).toBe('/');
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.close();
    await b.page.close();
  });

  it('a session closed from another device ends at its next authenticated call with the sign-in modal', async () => {
    await resetContext(context, { headers: { 'cf-connecting-ip': ip } });
    // Device A: this context. Device B: a second browser with its own session of the same player.
    await useToken(context, await loginPlayer(player, { ip }));
    const other = await openBrowser({ headers: { 'cf-connecting-ip': uniqueIp() } });
    let third: BrowserContext | undefined;
    try {
      await useToken(other, await loginPlayer(player));
      const a = await newPage(context);
      await visit(a.page, '/main');
      await expectLoggedIn(a.page, name());

      // Device C: a third browser that will only reload after its session is closed.
      third = await openBrowser({ headers: { 'cf-connecting-ip': uniqueIp() } });
      await useToken(third, await loginPlayer(player));
      const c = await newPage(third);
      await visit(c.page, '/main');
      await expectLoggedIn(c.page, name());

      const b = await newPage(other);
      await visit(b.page, '/profile/security');
      const sessions = b.page.locator('.session-list');
      await sessions.locator('.badge--success', { hasText: t('global-components.security.current') }).waitFor();
      // Close every session but this one: A's, C's, and the player's earlier ones.
      const closeButtons = sessions.getByRole('button', { name: t('global-components.security.close') });
      await closeButtons.first().waitFor();
      for (let left = await closeButtons.count(); left > 0; left--) {
        await closeButtons.first().click();
        await b.page.waitForFunction(
          ([label, n]) =>
            [...document.querySelectorAll('.session-list button')].filter((el) => el.textContent === label).length ===
            n,
          [t('global-components.security.close'), left - 1] as const,
        );
      }
      await b.page.locator('.notice--success', { hasText: t('alerts.sessionClosed.text') }).waitFor();
      await expectLoggedIn(b.page, name());

      // A moves within the SPA to /profile/info: its authenticated calls get 401 → logged out, sign-in open.
      await userMenuButton(a.page).click();
      await a.page.locator('header a[href$="/profile/info"]').click();
      await dialog(a.page, 'global-components.auth.signInTitle').waitFor();
      await expectGuest(a.page);
      expect(new URL(a.page.url()).searchParams.get('sign-in')).toBe('true');
      expect(await accessCookie(context)).toBeUndefined();
      // C reloads: the server refuses the closed session's profile, so C is a guest (spec §8: a failed
      // initial profile load logs out quietly) and its stale cookie is gone.
      await visit(c.page, '/main');
      await expectGuest(c.page);
      await expect.poll(() => accessCookie(third!)).toBeUndefined();
      // B is untouched.
      await visit(b.page, '/profile/info');
      await expectLoggedIn(b.page, name());
      expect(b.errors).toEqual([]);
    } finally {
      await closeBrowser(other);
      await closeBrowser(third);
    }
  });

  it('guest-only ?sign-in is stripped for a logged-in player; logged-in-only ?wallet for a guest', async () => {
    await resetContext(context, { headers: { 'cf-connecting-ip': ip } });
    const { page, errors } = await newPage(context);
    await visit(page, '/?wallet=deposit&x=1');
    await page.waitForURL((url) => !url.searchParams.has('wallet'));
    expect(pathOf(page)).toBe('/?x=1');

    await useToken(context, await loginPlayer(player, { ip }));
    await visit(page, '/main?sign-in=true&x=1');
    await expectLoggedIn(page, name());
    await page.waitForURL((url) => !url.searchParams.has('sign-in'));
    expect(pathOf(page)).toBe('/main?x=1');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an installed-app visit (source=pwa) sends pwaInstalled true once', async () => {
    await resetContext(context, { headers: { 'cf-connecting-ip': ip } });
    await useToken(context, await loginPlayer(player, { ip }));
    const { page, errors } = await newPage(context);
    const updates: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/api/player/profile')) updates.push(r.postDataJSON());
    });
    const sent = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/player/profile'));
    await visit(page, '/main?source=pwa');
    await expectLoggedIn(page, name());
    expect((await sent).status()).toBe(200);
    await visit(page, '/main');
    await expectLoggedIn(page, name());
    await new Promise((r) => setTimeout(r, 500));
    expect(updates).toEqual([{ pwaInstalled: true }]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
