/**
 * Staff in the back office's e2e tests (decision 0109). The demo has one account per role, each enrolling its
 * second factor at its first sign-in: whoever signs one in first reads the secret off the page and keeps it here
 * (a file per server, shared by the test files of a run), so later sign-ins can compute codes too. A code's
 * time step must be newer than the account's last one (a code is used once, backoffice-api.md §2).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { codeAt, timeStepAt } from '../../apps/server/src/modules/staff/totp.ts';
import { type Player, playerApi } from './accounts-helpers.ts';
import { baseUrl, waitForHydration } from './browser.ts';

export interface DemoStaff {
  email: string;
  password: string;
}

export const demoStaff = (role: string): DemoStaff => ({
  email: `${role}@staff.croupier.test`,
  password: `croupier-${role}-demo`,
});

interface Known {
  secret: string;
  lastStep: number;
}

const storeFile = () =>
  join(tmpdir(), `croupier-e2e-staff-${baseUrl().replace(/[^a-z0-9]+/gi, '-')}-${process.ppid}.json`);

function known(): Record<string, Known> {
  const file = storeFile();
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Known>) : {};
}

function remember(email: string, entry: Known): void {
  writeFileSync(storeFile(), JSON.stringify({ ...known(), [email]: entry }));
}

/** Keeps a newly enrolled secret (its account has used no code yet). */
export const rememberSecret = (email: string, secret: string) => remember(email, { secret, lastStep: -1 });

/**
 * A code the server will take now: of the current step, or the next one (it accepts one step either side)
 * when the current one was used already; waits for a new step when both were.
 */
export async function nextCode(email: string): Promise<string> {
  const entry = known()[email];
  if (!entry) throw new Error(`${email} was enrolled without its secret being kept (tests/e2e/backoffice-helpers.ts)`);
  for (;;) {
    const now = new Date();
    const step = [timeStepAt(now), timeStepAt(now) + 1].find((s) => s > entry.lastStep);
    if (step !== undefined) {
      remember(email, { ...entry, lastStep: step });
      return codeAt(entry.secret, new Date(step * 30_000));
    }
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/**
 * Signs a staff member in through the sign-in page, enrolling when the page shows a secret. Answers the secret
 * shown, or null when the account was enrolled already. Ends on the page the app goes to after sign-in.
 */
export async function signInOnPage(page: Page, staff: DemoStaff, beforeCode?: () => Promise<void>) {
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = page.getByLabel('6-digit code');
  await code.waitFor();
  const secretShown = page.getByTestId('totp-secret');
  let secret: string | null = null;
  if (await secretShown.isVisible()) {
    secret = ((await secretShown.textContent()) ?? '').trim();
    rememberSecret(staff.email, secret);
  }
  await beforeCode?.();
  await code.fill(await nextCode(staff.email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/backoffice') && !url.pathname.includes('/sign-in'));
  await waitForHydration(page);
  return secret;
}

/** Chromium logs a refused fetch (the first `/me` before signing in answers 401) as a console error. */
export const unexpectedErrors = (errors: string[]) =>
  errors.filter((e) => !/the server responded with a status of 401/.test(e));

/** A sandbox card deposit (4242…) into the player's EUR account (else their first), credited at once. */
export async function cardDeposit(player: Player, amount: number): Promise<void> {
  const accounts = await playerApi<{ id: string; currency: string }[]>(player, 'GET', '/api/wallet/accounts');
  const account = accounts.data.find((a) => a.currency === 'EUR') ?? accounts.data[0];
  if (!account) throw new Error('the player has no account');
  const res = await playerApi(player, 'POST', '/api/payment/invoices/deposit', {
    currency: account.currency,
    accountId: account.id,
    method: 'card',
    amount,
    fields: { cardholder: 'Ada Lovelace', card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    redirectSuccessUrl: '/wallet/success',
    redirectErrorUrl: '/wallet/error',
    isBonusDecline: true,
  });
  if (res.status !== 200) throw new Error(`deposit → ${res.status}: ${JSON.stringify(res.data)}`);
}

/**
 * One real round of Dice (a stake in cents, 1.00 by default) through the studio's API, as its page plays it.
 * `revealSeed`: then rotates the player's seeds, as the game's "Verify" panel does, so the round's server seed is
 * revealed and the round can be verified (round replay, decision 0121).
 */
export async function diceRound(player: Player, stakeCents = 100, { revealSeed = false } = {}): Promise<void> {
  const launch = await playerApi<{ gameUrl: string }>(player, 'POST', '/api/game/games/dice/play', {
    lobbyUrl: '/',
    locale: 'en',
    demoMode: false,
  });
  if (launch.status !== 200) throw new Error(`play → ${launch.status}`);
  const opened = await fetch(new URL(launch.data.gameUrl, baseUrl()), { redirect: 'manual' });
  const sessionId = (opened.headers.get('location') ?? '').split('/').pop();
  if (opened.status !== 302 || !sessionId) throw new Error(`studio launch → ${opened.status}`);
  const round = await fetch(`${baseUrl()}/studio/api/sessions/${sessionId}/rounds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bet: String(stakeCents), choice: { game: 'dice', chanceBp: 4950, over: false } }),
  });
  if (round.status !== 200) throw new Error(`round → ${round.status}: ${await round.text()}`);
  if (!revealSeed) return;
  const rotated = await fetch(`${baseUrl()}/studio/api/sessions/${sessionId}/seeds/rotate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (rotated.status !== 200) throw new Error(`rotate seeds → ${rotated.status}: ${await rotated.text()}`);
}
