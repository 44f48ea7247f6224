import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Player, playerApi, registerPlayer, t, uniqueEmail, uniqueIp, useToken } from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { demoStaff, signInOnPage, unexpectedErrors } from './backoffice-helpers.ts';
import { closeBrowser, newPage, openBrowser, visit, waitForHydration } from './browser.ts';

// Issue 26, decision 0113: the KYC review as a player and a compliance member use it together, in Chromium
// against the real server. The player uploads an identity document on /profile/documents; it waits in the
// compliance member's queue; they open it (the image through the storage port), reject it with a message; the
// player reads the reason on the documents page and a message in the messenger, uploads again; the second one is
// approved, and the player's verification is approved with it. (The audit rows of the read and the decisions are
// checked by apps/server/test/staff/kyc-review.test.ts: compliance may not read the audit log.)

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface PlayerDocument {
  id: string;
  fileName: string;
  status: number;
  rejectReason: string | null;
}

describe('back office, the KYC queue with a player', () => {
  let player: Player;
  let playerSite: BrowserContext;
  let site: Page;
  let siteErrors: string[];
  let compliance: BrowserContext;
  let office: Page;
  let officeErrors: string[];
  const violations: string[] = [];
  const reason = 'e2e: the photo is blurred, the document number cannot be read.';
  const playerIp = uniqueIp();

  const documents = async () => (await playerApi<PlayerDocument[]>(player, 'GET', '/api/player/documents')).data;
  const check = async (page: Page, screen: string) => {
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    for (const v of await audit(page)) violations.push(`${screen}: ${v}`);
  };
  /** The player's pending row in the queue (the table lists every player's documents). */
  const rowOf = (fileName: string): Locator =>
    office
      .getByRole('table', { name: 'Documents pending, oldest first' })
      .locator('tbody tr')
      .filter({ has: office.getByRole('link', { name: player.email }) })
      .filter({ hasText: fileName });

  /** The player uploads a PNG (or a PDF) as the front of an identity document on /profile/documents. */
  const uploadOnSite = async (name: string) => {
    const pdf = name.endsWith('.pdf');
    await visit(site, '/profile/documents');
    const type = site.locator('.document-type[data-type="identity_front"]');
    await type.waitFor();
    const uploaded = site.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/player/documents'),
    );
    await type
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: pdf ? 'application/pdf' : 'image/png', buffer: pdf ? onePagePdf() : PNG });
    expect((await uploaded).status()).toBe(200);
    await type
      .locator('.document', { hasText: name })
      .locator('.badge', { hasText: t('global-components.documents.status.pending') })
      .waitFor();
  };

  /** Opens the document's panel from the queue (reloading the queue until it lists it). */
  const openInQueue = async (fileName: string) => {
    await office.goto(`/backoffice/kyc?playerId=${player.id}`);
    await waitForHydration(office);
    const row = rowOf(fileName);
    await row.waitFor({ timeout: 10_000 });
    await row.getByTestId('kyc-open').click();
    const panel = office.getByRole('dialog', { name: 'Identity document (front)' });
    await panel.waitFor();
    return panel;
  };

  beforeAll(async () => {
    player = await registerPlayer({ email: uniqueEmail('kyc'), ip: playerIp });
    playerSite = await openBrowser({ headers: { 'cf-connecting-ip': playerIp } });
    await useToken(playerSite, player.accessToken);
    ({ page: site, errors: siteErrors } = await newPage(playerSite));
    compliance = await openBrowser();
    ({ page: office, errors: officeErrors } = await newPage(compliance));
  });
  afterAll(async () => {
    await closeBrowser(playerSite);
    await closeBrowser(compliance);
  });

  it('an upload waits in the queue; compliance sees the image and rejects it with a message', async () => {
    await uploadOnSite('passport-blurred.png');

    await office.goto('/backoffice/kyc');
    await office.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(office);
    await signInOnPage(office, demoStaff('compliance'));
    const panel = await openInQueue('passport-blurred.png');

    // The image comes through the storage port with the staff cookie: loaded, not a broken link.
    const viewer = panel.getByTestId('document-viewer');
    expect(await viewer.getAttribute('data-kind')).toBe('image');
    const image = viewer.locator('img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
      .toBe(1);
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/api\/backoffice\/kyc\/documents\/[0-9a-f-]{36}\/file$/);
    // Never a public link: without the staff credential the same URL is refused.
    const anonymous = await fetch(new URL(src, office.url()));
    expect(anonymous.status).toBe(401);
    await check(office, 'KYC document panel');

    await panel.getByRole('button', { name: 'Reject', exact: true }).click();
    await panel.getByLabel('Message to the player').fill(reason);
    await panel.getByRole('button', { name: 'Reject document' }).click();
    await office
      .getByTestId('toast')
      .filter({ hasText: 'Identity document (front) rejected: the player reads your message.' })
      .first()
      .waitFor();
    await panel.waitFor({ state: 'detached' });
    expect((await documents()).find((d) => d.fileName === 'passport-blurred.png')).toMatchObject({
      status: 3,
      rejectReason: reason,
    });
  });

  it('the player reads the reason on the documents page and in the messenger, and uploads again', async () => {
    await visit(site, '/profile/documents');
    const rejected = site.locator('.document', { hasText: 'passport-blurred.png' });
    await rejected.locator('.badge', { hasText: t('global-components.documents.status.rejected') }).waitFor();
    await rejected.locator('.document__reason', { hasText: reason }).waitFor();
    const messages = await playerApi<{ content: { title: string; body: string } }[]>(
      player,
      'GET',
      '/api/notification/messenger/messages',
    );
    expect(messages.data.map((m) => m.content.title)).toContain('Document rejected');
    expect(messages.data.find((m) => m.content.title === 'Document rejected')?.content.body).toContain(reason);

    await uploadOnSite('passport-scan.pdf');
  });

  it('compliance approves the new one, a PDF drawn in the viewer: the document and the verification are approved', async () => {
    const panel = await openInQueue('passport-scan.pdf');
    // pdf.js draws the page from the sandboxed file answer (Chromium's own viewer refuses a sandboxed PDF).
    await panel.locator('[data-testid="pdf-pages"][data-pages="1"]').waitFor({ timeout: 15_000 });
    await expect(panel.getByRole('img', { name: /page 1 of 1/ }).count()).resolves.toBe(1);
    await panel.getByRole('button', { name: 'Approve', exact: true }).click();
    await panel.getByRole('button', { name: 'Approve document' }).click();
    await office.getByTestId('toast').filter({ hasText: 'Identity document (front) approved.' }).first().waitFor();
    await panel.waitFor({ state: 'detached' });
    // The list is read again: neither the rejected nor the approved one is pending any more.
    await rowOf('passport-scan.pdf').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await rowOf('passport-blurred.png').count()).toBe(0);

    await visit(site, '/profile/documents');
    await site
      .locator('.document', { hasText: 'passport-scan.pdf' })
      .locator('.badge', { hasText: t('global-components.documents.status.approved') })
      .waitFor();
    await visit(site, '/profile/verification');
    await site
      .locator('main .notice--success', { hasText: t('global-components.verification.approved') })
      .waitFor({ timeout: 10_000 });

    expect(violations).toEqual([]);
    expect(unexpectedErrors(officeErrors)).toEqual([]);
    expect(siteErrors).toEqual([]);
  });
});

/** A one-page PDF (a line of text), written out with its cross-reference table's real offsets. */
function onePagePdf(): Buffer {
  const text = 'BT /F1 24 Tf 72 700 Td (Passport scan) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
