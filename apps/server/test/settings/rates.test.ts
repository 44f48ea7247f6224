import type { Currency } from '@croupier/contracts';
import { currencies as referenceCurrencies } from '@croupier/contracts/reference/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import {
  applyFeedAnswer,
  currenciesOf,
  httpJsonRates,
  RatesFeedError,
  seededTable,
  toRateConvention,
} from '../../src/modules/settings/rates/index.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { card, deposit, type Player, paymentPlayer, paymentTestApp } from '../payment/helpers.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { feedJson, type RatesFeed, startRatesFeed } from './rates-feed.ts';

const silent = { info: () => {}, warn: () => {} };
const at = new Date('2026-11-23T10:00:00.000Z');
const rateOf = (list: Currency[], code: string) => list.find((c) => c.code === code)?.rate.rate;

describe('rates table and feed answers', () => {
  it('the seeded table serves the reference currencies unchanged', () => {
    expect(currenciesOf(seededTable)).toEqual(referenceCurrencies);
  });

  it('converts major units per base unit to minor units per base major unit, exactly', () => {
    expect(toRateConvention(1.08, 100)).toBe(108);
    expect(toRateConvention(1.1, 100)).toBe(110); // 1.1 × 100 in floats is 110.00000000000001
    expect(toRateConvention(165.3, 1)).toBe(165.3);
    expect(toRateConvention(0.0000166667, 1e8)).toBe(1666.67);
    expect(toRateConvention(1.08, 1e6)).toBe(1_080_000);
  });

  it('applies a good answer: known rates replaced, unknown ignored, missing kept, sub-units derived', () => {
    const next = applyFeedAnswer(
      seededTable,
      { base: 'EUR', rates: { EUR: 1, USD: 1.1, BTC: 0.00002, XAU: 0.0004 } },
      at,
    );
    const list = currenciesOf(next);
    expect(rateOf(list, 'USD')).toBe(110);
    expect(rateOf(list, 'EUR')).toBe(100);
    expect(rateOf(list, 'BTC')).toBe(2000);
    // mBTC: 1000 minor units per mBTC, 1 mBTC = 1e5 sats → rate ÷ 100.
    expect(list.find((c) => c.code === 'BTC')?.subCurrencies?.[0]?.rate).toEqual({
      rate: 20,
      rateTime: at.toISOString(),
    });
    expect(list.find((c) => c.code === 'USD')?.rate.rateTime).toBe(at.toISOString());
    expect(list.find((c) => c.code === 'JPY')?.rate).toEqual(seededTable.rates.get('JPY'));
    expect(list.some((c) => c.code === 'XAU')).toBe(false);
    expect(seededTable.rates.get('USD')?.rate).toBe(108); // the previous table is never mutated
  });

  it.each([
    ['not an object', [1, 2]],
    ['no base', { rates: { USD: 1.08 } }],
    ['another base', { base: 'USD', rates: { EUR: 0.92 } }],
    ['no rates', { base: 'EUR' }],
    ['a zero rate', { base: 'EUR', rates: { USD: 0 } }],
    ['a negative rate', { base: 'EUR', rates: { USD: -1.08 } }],
    ['a non-finite rate', { base: 'EUR', rates: { USD: Number.POSITIVE_INFINITY } }],
    ['a string rate', { base: 'EUR', rates: { USD: '1.08' } }],
    ['a null rate of an unknown currency', { base: 'EUR', rates: { USD: 1.08, XAU: null } }],
    ['a base rate other than 1', { base: 'EUR', rates: { EUR: 1.2, USD: 1.08 } }],
    ['no currency we offer', { base: 'EUR', rates: { XAU: 0.0004 } }],
  ])('refuses an absurd answer: %s', (_label, answer) => {
    expect(() => applyFeedAnswer(seededTable, answer, at)).toThrow(RatesFeedError);
  });
});

describe('http-json adapter against a local feed', () => {
  let feed: RatesFeed;
  beforeAll(async () => {
    feed = await startRatesFeed(feedJson({ base: 'EUR', rates: { USD: 1.1 } }));
  });
  afterAll(() => feed.close());

  const source = (timeoutMs = 2000, refreshMs = 60_000) =>
    httpJsonRates({ url: feed.url, refreshMs, timeoutMs, log: silent, now: () => at });

  it('applies a good answer, then keeps the last good table through bad ones', async () => {
    feed.answer = feedJson({ base: 'EUR', rates: { USD: 1.1, CHF: 0.95 } });
    const rates = source();
    expect(rates.current()).toBe(seededTable);
    expect(await rates.refresh()).toBe(true);
    const good = rates.current();
    expect(good.rates.get('USD')?.rate).toBe(110);
    expect(good.rates.get('CHF')?.rate).toBe(95);

    for (const bad of [
      { status: 500, body: '{"error":"down"}' },
      { body: 'not json' },
      feedJson({ rates: { USD: 2 } }),
      feedJson({ base: 'EUR', rates: { USD: -2 } }),
      feedJson({ base: 'EUR', rates: { USD: 0 } }),
    ]) {
      feed.answer = bad;
      expect(await rates.refresh()).toBe(false);
      expect(rates.current()).toBe(good);
    }
  });

  it('drops a slow answer after the timeout and keeps the table', async () => {
    const rates = source(200);
    feed.answer = feedJson({ base: 'EUR', rates: { USD: 1.2 } });
    await rates.refresh();
    const good = rates.current();
    feed.answer = feedJson({ base: 'EUR', rates: { USD: 5 } }, { delayMs: 2000 });
    const started = Date.now();
    expect(await rates.refresh()).toBe(false);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(rates.current()).toBe(good);
    expect(rates.current().rates.get('USD')?.rate).toBe(120);
  });

  it('stop() cuts a slow fetch short instead of waiting for it', async () => {
    const rates = source(10_000);
    feed.answer = feedJson({ base: 'EUR', rates: { USD: 5 } }, { delayMs: 5000 });
    const pending = rates.refresh();
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await rates.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBe(false);
    expect(rates.current()).toBe(seededTable);
  });

  it('keeps the table when the feed is unreachable', async () => {
    const rates = httpJsonRates({ url: 'http://127.0.0.1:9/rates', refreshMs: 60_000, timeoutMs: 500, log: silent });
    expect(await rates.refresh()).toBe(false);
    expect(rates.current()).toBe(seededTable);
  });

  it('refreshes at start and then periodically until stopped', async () => {
    feed.answer = feedJson({ base: 'EUR', rates: { USD: 1.3 } });
    const rates = source(500, 50);
    const before = feed.hits;
    await rates.start();
    expect(rates.current().rates.get('USD')?.rate).toBe(130); // the first answer is awaited
    await new Promise((r) => setTimeout(r, 300));
    expect(feed.hits - before).toBeGreaterThanOrEqual(3);
    await rates.stop();
    // A fetch aborted by stop() may still reach the feed after it: its request was already on the socket and
    // the feed (in this process) reads it a tick later. So count from a moment after that, over six periods.
    await new Promise((r) => setTimeout(r, 100));
    const stopped = feed.hits;
    await new Promise((r) => setTimeout(r, 300));
    expect(feed.hits).toBe(stopped);
  });
});

describe('configuration', () => {
  const config = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });

  it('validates RATES_* at start', () => {
    expect(config({ RATES_URL: 'not a url' })).toThrow(/RATES_URL/);
    expect(config({ RATES_URL: 'ftp://rates.example/x' })).toThrow(ConfigError);
    expect(config({ RATES_URL: 'https://rates.example/eur.json', RATES_REFRESH_SECONDS: '5' })).toThrow(
      /RATES_REFRESH_SECONDS/,
    );
    expect(config({ RATES_TIMEOUT_SECONDS: '0' })).toThrow(/RATES_TIMEOUT_SECONDS/);
    const ok = loadConfig({ NODE_ENV: 'test', RATES_URL: 'https://rates.example/eur.json' });
    expect(ok).toMatchObject({ RATES_REFRESH_SECONDS: 3600, RATES_TIMEOUT_SECONDS: 10 });
  });
});

describe(`every server reader of rates sees a refresh (${databaseKind})`, () => {
  let feed: RatesFeed;
  let t: PlayerTestApp;
  let p: Player;
  beforeAll(async () => {
    feed = await startRatesFeed(feedJson({ base: 'EUR', rates: { USD: 1.25, JPY: 200 } }));
    t = await paymentTestApp({ RATES_URL: feed.url, RATES_TIMEOUT_SECONDS: '2' });
    p = await paymentPlayer(t, 'USD');
  });
  afterAll(async () => {
    await t?.close();
    await feed.close();
  });

  const currencies = async () =>
    (await t.request({ method: 'GET', url: '/api/settings/currencies' })).json.data as Currency[];

  it('GET /api/settings/currencies serves the feed from the start, and a refresh at once', async () => {
    expect(t.app.rates.kind).toBe('http-json');
    expect(rateOf(await currencies(), 'USD')).toBe(125);
    expect(rateOf(await currencies(), 'JPY')).toBe(200);

    feed.answer = feedJson({ base: 'EUR', rates: { USD: 1.5 } });
    expect(await t.app.rates.refresh()).toBe(true);
    const list = await currencies();
    expect(rateOf(list, 'USD')).toBe(150);
    expect(rateOf(list, 'JPY')).toBe(200); // left out of the answer: kept
    const visible = (await t.request({ method: 'GET', url: '/api/settings/currencies?visible=1' })).json
      .data as Currency[];
    expect(rateOf(visible, 'USD')).toBe(150);

    feed.answer = { status: 503, body: '' };
    expect(await t.app.rates.refresh()).toBe(false);
    expect(rateOf(await currencies(), 'USD')).toBe(150);
  });

  it('payment limits and statistics convert with the current table', async () => {
    feed.answer = feedJson({ base: 'EUR', rates: { USD: 1.25 } });
    await t.app.rates.refresh();
    const methods = async () =>
      (await t.call('GET', '/api/payment/methods/deposit?currency=USD', { token: p.token })).json.data as {
        method: string;
        amountMin: number;
        amountMax: number;
      }[];
    expect((await methods()).find((m) => m.method === 'card')).toMatchObject({ amountMin: 12.5, amountMax: 6250 });
    const paid = await deposit(t, p, { currency: 'USD', ...card('4242424242424242', 25) });
    expect(paid.status).toBe(200);
    const statistics = async () =>
      (await t.call('GET', '/api/payment/invoices/statistics', { token: p.token })).json.data[0];
    expect(await statistics()).toMatchObject({ currency: 'USD', depositsSum: 25, depositsSumBaseCurrency: 20 });

    feed.answer = feedJson({ base: 'EUR', rates: { USD: 2 } });
    expect(await t.app.rates.refresh()).toBe(true);
    expect((await methods()).find((m) => m.method === 'card')).toMatchObject({ amountMin: 20, amountMax: 10_000 });
    expect(await statistics()).toMatchObject({ depositsSum: 25, depositsSumBaseCurrency: 12.5 });
  });
});

describe('the seeded default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('serves exactly the reference table and never changes', async () => {
    expect(t.app.rates.kind).toBe('seeded');
    expect(await t.app.rates.refresh()).toBe(false);
    const res = await t.request({ method: 'GET', url: '/api/settings/currencies' });
    expect(res.json.data).toEqual(JSON.parse(JSON.stringify(referenceCurrencies)));
  });
});
