/**
 * Debian Chromium through playwright-core. Each context is its own persistent profile in a fresh
 * temporary directory (playwright's `chromium.launch` refuses a user-data-dir here), so cookies and
 * local storage never leak between tests. `closeBrowser` closes it and deletes the profile.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import { inject } from 'vitest';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface OpenOptions {
  /** Extra request headers for every request of this context, e.g. `{ 'cf-ipcountry': 'DE' }`. */
  headers?: Record<string, string>;
  /** Cookies set on the site before the first visit. */
  cookies?: Record<string, string>;
  javaScriptEnabled?: boolean;
  viewport?: { width: number; height: number };
}

const profiles = new WeakMap<BrowserContext, string>();

/**
 * Headless Chromium announces itself as "HeadlessChrome", which isbot (used by the site to skip
 * locale redirects for crawlers) counts as a bot. Tests act as a person, so they send the ordinary
 * desktop Chrome user agent of the same version.
 */
function personUserAgent(): string {
  const out = spawnSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const version = /(\d+\.\d+\.\d+\.\d+)/.exec(out)?.[1] ?? '140.0.0.0';
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;
}
let userAgent: string | undefined;
const personUserAgentCached = () => {
  userAgent ??= personUserAgent();
  return userAgent;
};

export const baseUrl = () => inject('baseUrl');

/** A fresh browser with its own profile; pages resolve relative URLs against the e2e server. */
export async function openBrowser(options: OpenOptions = {}): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'croupier-e2e-profile-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ARGS,
      baseURL: baseUrl(),
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      locale: 'en-US',
      userAgent: personUserAgentCached(),
      timeout: 30_000,
      // The slot's own free-spin feature (about 1 spin in 40) animates for some 25 s at full motion, which a
      // loaded machine stretches past the tests' 30 s wait for an idle machine; reduced motion plays it in a few.
      reducedMotion: 'reduce',
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  profiles.set(context, profile);
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  try {
    if (options.headers) await setHeaders(context, options.headers);
    if (options.cookies) await setCookies(context, options.cookies);
  } catch (error) {
    await closeBrowser(context);
    throw error;
  }
  return context;
}

/** Headers sent with every request of the context (the document, data requests and fetches). */
export async function setHeaders(context: BrowserContext, headers: Record<string, string>): Promise<void> {
  await context.setExtraHTTPHeaders(headers);
}

export async function setCookies(context: BrowserContext, cookies: Record<string, string>): Promise<void> {
  const url = baseUrl();
  const expires = Math.floor(Date.now() / 1000) + 86_400;
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url, expires })));
}

/**
 * Makes a shared context behave like a fresh visitor again: its pages closed, cookies and storage
 * cleared, and the given headers and cookies in place. Cheaper than starting another browser.
 */
export async function resetContext(
  context: BrowserContext,
  options: Pick<OpenOptions, 'headers' | 'cookies'> = {},
): Promise<void> {
  // Keep one window open: with none left Chromium ends the session and drops session cookies.
  const blank = await context.newPage();
  for (const page of context.pages()) if (page !== blank) await page.close();
  await context.clearCookies();
  await context.setExtraHTTPHeaders(options.headers ?? {});
  await blank.goto('/robots.txt');
  await blank.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await blank.goto('about:blank');
  if (options.cookies) await setCookies(context, options.cookies);
}

/** The site's cookie of that name, or undefined. */
export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies(baseUrl())).find((c) => c.name === name);
}

/** Closes the browser and deletes its profile directory. Safe to call twice. */
export async function closeBrowser(context: BrowserContext | undefined): Promise<void> {
  if (!context) return;
  const profile = profiles.get(context);
  profiles.delete(context);
  try {
    await context.close();
  } finally {
    if (profile) rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Console errors and uncaught page errors of a page, collected from now on. Hydration mismatches,
 * CSP violations and failed resource loads all reach the console as errors.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const where = message.location()?.url;
      errors.push(`console: ${message.text()}${where ? ` (${where})` : ''}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** A page of the context whose errors are collected (`errors`). */
export async function newPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  return { page, errors: collectErrors(page) };
}

/**
 * Resolves once React has hydrated the document and run its effects: React Router's ScrollRestoration
 * sets `history.scrollRestoration` to 'manual' in an effect of the first client commit.
 */
export async function waitForHydration(page: Page, options: { polling?: number } = {}): Promise<void> {
  // `polling` in ms for a page whose frames do not come (a faked clock, a hidden tab): Playwright polls on frames.
  await page.waitForFunction(() => history.scrollRestoration === 'manual', undefined, {
    timeout: 10_000,
    polling: options.polling ?? 'raf',
  });
}

/**
 * Resolves once the real-time connection is up and every channel the page holds is subscribed
 * (<html data-realtime-channels="subscribed/held">): from then on a publication reaches the page.
 * A test that makes an event to see it arrive live waits for this, never for a fixed time.
 */
export async function realtimeReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const { realtime, realtimeChannels } = document.documentElement.dataset;
      const [subscribed = 0, held = 0] = (realtimeChannels ?? '0/0').split('/').map(Number);
      return realtime === 'connected' && held > 0 && subscribed === held;
    },
    undefined,
    { timeout: 15_000 },
  );
}

/** Goes to a path and waits for hydration; returns the navigation's final response. */
export async function visit(page: Page, path: string): Promise<Response> {
  const response = await page.goto(path, { waitUntil: 'load' });
  if (!response) throw new Error(`no response for ${path}`);
  await waitForHydration(page);
  return response;
}

/** Statuses of a navigation's redirect chain, first request first, e.g. [301, 200]. */
export async function redirectChain(response: Response): Promise<{ url: string; status: number }[]> {
  const chain: { url: string; status: number }[] = [];
  let request = response.request().redirectedFrom();
  while (request) {
    const r = await request.response();
    chain.unshift({ url: request.url(), status: r?.status() ?? 0 });
    request = request.redirectedFrom();
  }
  chain.push({ url: response.url(), status: response.status() });
  return chain;
}

/** The path and query of the page's address, e.g. '/de/main?x=1'. */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
