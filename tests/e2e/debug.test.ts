import { it } from 'vitest';
import { closeBrowser, newPage, openBrowser } from './browser.ts';
it('debug', async () => {
  const context = await openBrowser();
  const { page, errors } = await newPage(context);
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
  await page.goto('/');
  await page.waitForTimeout(2000);
  console.log(await page.evaluate(() => ({ sr: history.scrollRestoration, fiber: Object.keys(document.body).filter(k => k.startsWith('__react')), pre: !!document.querySelector('.preloader') })));
  console.log(errors);
  await closeBrowser(context);
});
