import { describe, expect, it, vi } from 'vitest';
import { readCookie, serializeCookie } from '../app/lib/cookies.ts';
import { ttlCache } from '../app/lib/ttl-cache.ts';
import { createTranslate, format } from '../app/shared/i18n/translate.ts';

describe('translation', () => {
  const t = createTranslate({ layout: { footer: { copyright: '© {year} Croupier' }, empty: '' } });

  it('fills placeholders and keeps unknown ones visible', () => {
    expect(t('layout.footer.copyright', { year: 2026 })).toBe('© 2026 Croupier');
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('returns the key when the text is missing', () => {
    expect(t('layout.footer.nothing')).toBe('layout.footer.nothing');
    expect(t('layout.footer')).toBe('layout.footer');
  });
});

describe('cookies', () => {
  it('reads one cookie among many, decoding it', () => {
    expect(readCookie('a=1; stag=aff%201; language=de', 'stag')).toBe('aff 1');
    expect(readCookie('a=1', 'stag')).toBeNull();
    expect(readCookie('stag=%E0%A4%A', 'stag')).toBeNull();
  });

  it('writes path / and SameSite=Lax with a max age', () => {
    expect(serializeCookie('stag', 'x', { maxAgeSeconds: 60 })).toBe('stag=x; Max-Age=60; Path=/; SameSite=Lax');
  });
});

describe('ttl cache', () => {
  it('keeps a value for its time and forgets failures', async () => {
    vi.useFakeTimers();
    const cache = ttlCache<number>(1000);
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache('k', load)).toBe(1);
    expect(await cache('k', load)).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await cache('k', load)).toBe(2);
    await expect(cache('f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache('f', load)).toBe(3);
    vi.useRealTimers();
  });
});

describe('links inside content', () => {
  it('keeps the reader in their locale', async () => {
    const { localizeLinks } = await import('../app/shared/i18n/localize-links.ts');
    const href = (p: string) => (p.startsWith('/questions') ? p : `/de${p}`);
    expect(localizeLinks('<a href="/static/terms">T</a> <a href="https://x.io/a">X</a>', href)).toBe(
      '<a href="/de/static/terms">T</a> <a href="https://x.io/a">X</a>',
    );
    expect(localizeLinks('<a href="//cdn.example/a">C</a><a href="/questions">Q</a>', href)).toBe(
      '<a href="//cdn.example/a">C</a><a href="/questions">Q</a>',
    );
  });
});
