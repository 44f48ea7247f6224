import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.AFFILIATE_COOKIE_DAYS).toBe(30);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'not a url'],
    ['RESTRICTED_COUNTRIES', 'ir,KP'],
    ['RESTRICTED_COUNTRIES', 'IR:3'],
    ['AFFILIATE_COOKIE_DAYS', '0'],
    ['REDIS_URL', 'http://localhost'],
    ['NODE_ENV', 'staging'],
  ])('stops on a bad %s (%s) with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('parses the restricted-country list with restriction types', () => {
    const c = loadConfig({ RESTRICTED_COUNTRIES: 'IR,KP:1,RU:2' });
    expect([...c.RESTRICTED_COUNTRIES]).toEqual([
      ['IR', 1],
      ['KP', 1],
      ['RU', 2],
    ]);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
