import type { FrameLocator, Locator } from 'playwright-core';
import { expect } from 'vitest';
import { translator } from '../../apps/studio-ui/src/i18n.ts';

/** The studio UI's own English strings (apps/studio-ui/src/i18n.ts), so the tests follow its wording. */
export const st = translator('en');

/** Minor units (cents) of an amount shown like "1,000.00 EUR", "€100.10" or "0.20". */
export function cents(shown: string | null): number {
  const match = /(-?[\d,]+)\.(\d{2})/.exec(shown ?? '');
  if (!match) throw new Error(`no amount in "${shown}"`);
  const whole = Number(match[1]!.replace(/,/g, ''));
  return whole * 100 + Math.sign(whole || 1) * Number(match[2]);
}

/**
 * One blackjack hand to the end in the studio frame: deal, then stand unless the deal already settled it (a
 * natural). Resolves with the hand's result line once it is shown.
 */
export async function playBlackjackHand(frame: FrameLocator): Promise<Locator> {
  await frame.getByRole('button', { name: st('deal'), exact: true }).click();
  const stand = frame.getByRole('button', { name: st('stand'), exact: true });
  const result = frame.locator('.bj__result p');
  await stand.or(result).first().waitFor();
  if (await stand.isVisible()) {
    await expect.poll(() => stand.isEnabled()).toBe(true);
    await stand.click();
  }
  await result.waitFor();
  return result;
}
