import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localeCodes } from '@croupier/contracts/reference/index';
import { describe, expect, it } from 'vitest';
import { contentRoot } from '../../src/app.ts';
import { fill } from '../../src/modules/notification/messenger/render.ts';
import { messageLinks, messageTemplates } from '../../src/modules/notification/messenger/texts.ts';

const own = (locale: string) =>
  JSON.parse(readFileSync(join(contentRoot, locale, 'messages.json'), 'utf8')) as {
    templates: Record<string, { title: string; body: string }>;
    links: Record<string, string>;
  };

describe('message texts', () => {
  it('every template and link label is translated in every locale (not only by fallback)', () => {
    const en = own('en');
    for (const locale of localeCodes) {
      const texts = own(locale);
      for (const key of messageTemplates) {
        expect(texts.templates[key]?.title, `${locale} ${key}`).toBeTruthy();
        expect(texts.templates[key]?.body, `${locale} ${key}`).toBeTruthy();
        if (locale !== 'en') expect(texts.templates[key]!.body, `${locale} ${key}`).not.toBe(en.templates[key]!.body);
      }
      for (const key of messageLinks) expect(texts.links[key], `${locale} ${key}`).toBeTruthy();
    }
  });

  it('formats money with the currency digits and dates in the reader zone and language', () => {
    const utc = { locale: 'en', timeZone: 'UTC' };
    expect(fill('{sum}', { sum: { money: '5', currency: 'EUR' } }, utc)).toBe('0.05 EUR');
    expect(fill('{sum}', { sum: { money: '123456789', currency: 'BTC' } }, utc)).toBe('1.23456789 BTC');
    expect(fill('{sum}', { sum: { money: '150000', currency: 'EUR' } }, { locale: 'fr', timeZone: 'UTC' })).toMatch(
      /^1\s500,00 EUR$/,
    );
    const at = { date: '2026-01-01T03:00:00.000Z' };
    expect(fill('{date}', { date: at }, utc)).toBe('January 1, 2026');
    expect(fill('{date}', { date: at }, { locale: 'en', timeZone: 'America/New_York' })).toBe('December 31, 2025');
    expect(fill('{date}', { date: at }, { locale: 'pt-br', timeZone: 'UTC' })).toBe('1 de janeiro de 2026');
    expect(fill('{n} of {missing}', { n: 3 }, utc)).toBe('3 of {missing}');
  });
});
