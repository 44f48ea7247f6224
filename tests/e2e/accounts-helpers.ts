/**
 * Shared pieces of the account e2e tests (tests/e2e/accounts-*.test.ts): unique identities, the
 * development mailbox, players made through the API, selectors of the auth modals, and a dedicated
 * server for a file that needs its own settings (same spawning as global-setup.ts).
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl } from './browser.ts';
import { text } from './content.ts';
import { startServer } from './server.ts';

/** A content string of the English site with {params} filled, e.g. t('alerts.wrongCredentials.text'). */
export const t = (key: string, params: Record<string, string | number> = {}) =>
  text('en', key.split('.')[0]!, key.split('.').slice(1).join('.')).replace(/\{(\w+)\}/g, (_, k) =>
    String(params[k] ?? ''),
  );

let counter = 0;
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A new e-mail address for this run, e.g. signup-lx1abc-3@example.com. */
export const uniqueEmail = (tag: string) => `${tag}-${runId}-${++counter}@example.com`;

/**
 * A new German mobile number in digits (49 151 + eight digits), valid for libphonenumber. Each test
 * needs its own: the server sends one code per number per minute and five per hour.
 */
export function uniquePhone(): string {
  const tail = (Date.now() % 1e6) * 100 + (++counter % 100);
  return `49151${String(tail % 1e8).padStart(8, '0')}`;
}

/** A client IP of its own (the server trusts cf-connecting-ip): per-IP rate limits are not shared. */
export function uniqueIp(): string {
  const n = (Date.now() + ++counter * 7919) % 16_000_000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) | 1}`;
}

export interface MailboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: string;
}

/** What GET /api/dev/mailbox?to= captured for a recipient, newest first. */
export async function mailbox(to: string, server = baseUrl()): Promise<MailboxMessage[]> {
  const res = await fetch(`${server}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`GET /api/dev/mailbox → ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: MailboxMessage[] }).data;
}

/** The newest message to `to` matching `match`, waited for (delivery is not awaited by the API). */
export async function waitForMessage(
  to: string,
  match: (m: MailboxMessage) => boolean = () => true,
  { timeoutMs = 10_000, server = baseUrl() } = {},
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox(to, server)).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no message to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link of a message whose path starts with `prefix`, e.g. '/verify/'. */
export function linkIn(message: MailboxMessage, prefix: string): URL {
  for (const raw of message.text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(raw);
    if (url.pathname.startsWith(prefix)) return url;
  }
  throw new Error(`no ${prefix} link in: ${message.text}`);
}

/** The six-digit code of an SMS. */
export function codeIn(message: MailboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

export interface Player {
  email: string;
  password: string;
  accessToken: string;
  id: string;
}

/** A player registered through the API (for tests about something else than registration). */
export async function registerPlayer(
  options: { email?: string; password?: string; ip?: string; server?: string } = {},
): Promise<Player> {
  const server = options.server ?? baseUrl();
  const email = options.email ?? uniqueEmail('api');
  const password = options.password ?? 'Secret-pass-1';
  const fields = (await (await fetch(`${server}/api/player/fields/validations?scenario=registration`)).json()) as {
    data: { name: string; isRequired: boolean }[];
  };
  const body: Record<string, unknown> = { email, password, fingerprint: 'e2e-api', referralCode: '' };
  for (const f of fields.data) {
    if (f.name === 'password_confirmation') body[f.name] = password;
    else if (f.name === 'agreements' || f.name === 'receiveEmailPromo' || f.name === 'receiveSmsPromo')
      body[f.name] = f.isRequired ? 1 : 0;
    else if (f.name === 'currency' && f.isRequired) body[f.name] = 'EUR';
    else if (f.name === 'country' && f.isRequired) body[f.name] = 'DE';
    else if (f.name === 'locale') body[f.name] = 'en';
  }
  const res = await fetch(`${server}/api/player/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': options.ip ?? uniqueIp() },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { data?: { accessToken: string; profile: { id: string } } };
  if (!res.ok || !answer.data) throw new Error(`register ${email} → ${res.status}: ${JSON.stringify(answer)}`);
  keepRefreshCookie(answer.data.accessToken, res);
  return { email, password, accessToken: answer.data.accessToken, id: answer.data.profile.id };
}

/** A new session of an existing player through the API (a second device). */
export async function loginPlayer(
  player: Pick<Player, 'email' | 'password'>,
  options: { ip?: string; server?: string } = {},
): Promise<string> {
  const res = await fetch(`${options.server ?? baseUrl()}/api/player/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': options.ip ?? uniqueIp() },
    body: JSON.stringify({ login: player.email, password: player.password, fingerprint: 'e2e-api' }),
  });
  const answer = (await res.json()) as { data?: { accessToken: string } };
  if (!res.ok || !answer.data) throw new Error(`login ${player.email} → ${res.status}: ${JSON.stringify(answer)}`);
  keepRefreshCookie(answer.data.accessToken, res);
  return answer.data.accessToken;
}

/**
 * The HttpOnly refresh cookie each API-made session got with its token (docs/decisions/0032): a browser handed
 * the token needs it too, as if it had signed in itself, or its first refresh is refused.
 */
const refreshCookies = new Map<string, string>();
function keepRefreshCookie(token: string, res: Response): void {
  const pair = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('croupier_refresh='));
  if (pair) refreshCookies.set(token, pair.slice('croupier_refresh='.length));
}

/** Puts a session where the site keeps it: the JS-readable access_token cookie, and its refresh cookie. */
export async function useToken(context: BrowserContext, token: string, server = baseUrl()): Promise<void> {
  const expires = Math.floor(Date.now() / 1000) + 86_400;
  const refresh = refreshCookies.get(token);
  const { hostname } = new URL(server);
  await context.addCookies([
    { name: 'access_token', value: token, url: server, expires, sameSite: 'Lax' },
    ...(refresh
      ? [
          {
            name: 'croupier_refresh',
            value: refresh,
            domain: hostname,
            path: '/api/player/sessions',
            expires,
            httpOnly: true,
            sameSite: 'Strict' as const,
          },
        ]
      : []),
  ]);
}

/** The site's access_token cookie of a context, or undefined. */
export async function accessCookie(context: BrowserContext, server = baseUrl()) {
  return (await context.cookies(server)).find((c) => c.name === 'access_token');
}

// ── Selectors ──

/** The open dialog titled with a content key, e.g. 'global-components.auth.signInTitle'. */
export const dialog = (page: Page, titleKey: string) => page.getByRole('dialog', { name: t(titleKey) });

/** The header's Sign in button (guest) and the user menu button (logged in). */
export const headerSignIn = (page: Page) => page.locator('header .header__sign-in');
export const userMenuButton = (page: Page) => page.locator('header .user-menu__button');

/** Resolves once the header shows the player's menu with this name. */
export async function expectLoggedIn(page: Page, name: string): Promise<void> {
  await userMenuButton(page).waitFor();
  const shown = (await page.locator('header .user-menu__name').textContent())?.trim();
  if (shown !== name) throw new Error(`header shows "${shown}", expected "${name}"`);
}

/** Resolves once the header shows Sign in (a guest). */
export async function expectGuest(page: Page): Promise<void> {
  await headerSignIn(page).waitFor();
  if ((await userMenuButton(page).count()) !== 0) throw new Error('the user menu is still shown');
}

/** The error message tied to an input through aria-describedby, or null. */
export async function errorOf(input: Locator): Promise<string | null> {
  const ids = await input.getAttribute('aria-describedby');
  if (!ids) return null;
  const page = input.page();
  for (const id of ids.split(/\s+/)) {
    const el = page.locator(`[id="${id}"].field__error`);
    if ((await el.count()) > 0) return (await el.textContent())?.trim() ?? null;
  }
  return null;
}

/** Signs in through the open sign-in dialog (e-mail tab). */
export async function signInWithDialog(page: Page, login: string, password: string): Promise<void> {
  const modal = dialog(page, 'global-components.auth.signInTitle');
  await modal.waitFor();
  await modal.locator('input[name="login"]').fill(login);
  await modal.locator('input[name="password"]').fill(password);
  await modal.locator('button[type="submit"]').click();
}

/** Logs out through the header's user menu. */
export async function logoutFromMenu(page: Page): Promise<void> {
  await userMenuButton(page).click();
  await page.locator('header .user-menu__logout').click();
}

// ── A server of its own ──

export interface OwnServer {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Another server like the shared one (the build global-setup made), with extra settings. */
export async function startOwnServer(extraEnv: Record<string, string>): Promise<OwnServer> {
  const server = await startServer(extraEnv);
  try {
    await server.ready();
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: server.url, output: server.output, stop: server.stop };
}

/** A JSON call to the API as a signed-in player: the status and the envelope's `data`. */
export async function playerApi<T>(
  player: Player,
  method: string,
  path: string,
  body?: unknown,
  server = baseUrl(),
): Promise<{ status: number; data: T }> {
  const res = await fetch(`${server}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${player.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}
