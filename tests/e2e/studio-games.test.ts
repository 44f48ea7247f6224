import type { FrameLocator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueIp } from './accounts-helpers.ts';
import { closeBrowser, newPage, openBrowser, resetContext, visit } from './browser.ts';
import { cents, playBlackjackHand, st } from './studio-helpers.ts';

/**
 * Each of the six studio games, played in demo through its own controls: the choice the UI sends follows
 * its inputs (a range, a select, segmented buttons), the round settles, and the studio's balance shows what
 * the studio answered. This is the check of the renderer the studio runs on (decision 0132).
 */

type BrowserContext = Awaited<ReturnType<typeof openBrowser>>;

interface Answer {
  round: { bet: string; payout: string; status: string; choice?: Record<string, unknown> };
  balance: string | null;
}

describe('studio: the six games in demo', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
    context.setDefaultTimeout(20_000);
  });
  afterAll(() => closeBrowser(context));

  /** The game page in demo, its frame, the studio's round answers and the page's errors. */
  async function open(slug: string) {
    await resetContext(context, { headers: { 'cf-connecting-ip': uniqueIp() } });
    const { page, errors } = await newPage(context);
    const answers: Answer[] = [];
    const requests: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/studio\/api\/sessions\/[^/]+\/rounds$/.test(r.url()))
        requests.push(JSON.parse(r.postData() ?? '{}'));
    });
    const pending: Promise<void>[] = [];
    page.on('response', (r: Response) => {
      if (r.request().method() === 'POST' && /\/studio\/api\/sessions\/[^/]+\/rounds/.test(r.url()))
        pending.push(r.json().then((body: Answer) => void answers.push(body)));
    });
    await visit(page, `/games/${slug}`);
    const frame = page.frameLocator('iframe.game-stage__frame');
    await frame.locator('.topbar .badge--demo').waitFor();
    await expect.poll(() => frame.locator('.topbar .topbar__amount').textContent()).toBe('1,000.00 EUR');
    let balance = 100_000;
    /**
     * Waits for `count` answers, then checks the last one ended its round, moved the balance by the round's
     * payout less its bet, and is what the topbar shows.
     */
    const settled = async (count: number) => {
      await expect.poll(() => answers.length).toBeGreaterThanOrEqual(count);
      await Promise.all(pending);
      const last = answers.at(-1)!;
      expect(last.round.status).not.toBe('open');
      expect(last.balance).not.toBeNull();
      await expect
        .poll(() => frame.locator('.topbar .topbar__amount').textContent().then(cents))
        .toBe(Number(last.balance));
      expect(Number(last.balance)).toBe(balance - Number(last.round.bet) + Number(last.round.payout));
      balance = Number(last.balance);
      return last;
    };
    return { page, frame, errors, requests, settled };
  }

  const button = (f: FrameLocator, key: Parameters<typeof st>[0]) =>
    f.getByRole('button', { name: st(key), exact: true });
  const done = async (page: Page, errors: string[]) => {
    expect(errors).toEqual([]);
    await page.close();
  };

  it('dice: the chance slider and roll-over are sent; Space rolls again', async () => {
    const { page, frame, errors, requests, settled } = await open('dice');
    const slider = frame.locator('#dice-chance');
    const before = Number(await slider.inputValue());
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await slider.inputValue())).toBe(before + 100);
    await frame.getByRole('button', { name: new RegExp(`^${st('rollOver')}`) }).click();
    await button(frame, 'roll').click();
    await settled(1);
    expect(requests[0]).toMatchObject({ choice: { game: 'dice', chanceBp: before + 100, over: true } });
    await expect.poll(() => button(frame, 'roll').isEnabled()).toBe(true);

    await frame.locator('h1.topbar__title').click();
    await page.keyboard.press('Space');
    await settled(2);
    await done(page, errors);
  });

  it('mines: the mine count is sent; a tile is opened, then the round is cashed out or lost', async () => {
    const { page, frame, errors, requests, settled } = await open('mines');
    await frame.locator('#mines-count').selectOption('3');
    await button(frame, 'start').click();
    await frame.getByText(st('pickTile')).waitFor();
    expect(requests[0]).toMatchObject({ choice: { game: 'mines', mines: 3 } });
    await frame.getByRole('button', { name: st('tile', { n: 1 }), exact: true }).click();
    const cashOut = frame.getByRole('button', { name: new RegExp(`^${st('cashOut')} `) });
    const lost = frame.getByText(st('boom'));
    await cashOut.or(lost).first().waitFor();
    // Start, the tile, and the cash-out when the tile was safe: each one answer.
    let count = 2;
    if (await cashOut.isVisible()) {
      await expect.poll(() => cashOut.isEnabled()).toBe(true);
      await cashOut.click();
      await frame.locator('.mines__result .win-amount').waitFor();
      count = 3;
    }
    const last = await settled(count);
    expect(last.round.status).toBe('settled');
    await button(frame, 'start').waitFor();
    await done(page, errors);
  });

  it('plinko: the rows are sent and the ball lands', async () => {
    const { page, frame, errors, requests, settled } = await open('plinko');
    await frame.locator('fieldset.seg').getByRole('button', { name: '8', exact: true }).click();
    await button(frame, 'drop').click();
    await settled(1);
    expect(requests[0]).toMatchObject({ choice: { game: 'plinko', rows: 8 } });
    await expect.poll(() => button(frame, 'drop').isEnabled(), { timeout: 30_000 }).toBe(true);
    await done(page, errors);
  });

  it('neon fruits, roulette and blackjack: one round each', async () => {
    {
      const { page, frame, errors, settled } = await open('neon-fruits');
      await button(frame, 'spin').click();
      await settled(1);
      await frame.locator('.slot__machine:not(.is-busy)').waitFor({ timeout: 30_000 });
      await done(page, errors);
    }
    {
      const { page, frame, errors, requests, settled } = await open('european-roulette');
      await button(frame, 'red').click();
      await frame.locator('.roulette > .btn--play').click();
      await settled(1);
      expect(JSON.stringify(requests[0])).toContain('red');
      await frame.locator('.roulette__result p strong').waitFor({ timeout: 30_000 });
      await done(page, errors);
    }
    {
      const { page, frame, errors, settled } = await open('blackjack');
      await playBlackjackHand(frame);
      await settled(1);
      await button(frame, 'deal').waitFor();
      await done(page, errors);
    }
  });
});
