import { describe, expect, it } from 'vitest';
import { isEmail, isIp, isIpv4, isIpv6, isMacAddress, isUrl, validateValue } from '../../src/validators/index.ts';

describe('ip', () => {
  it.each(['0.0.0.0', '192.168.1.1', '255.255.255.255', '8.8.8.8'])('%s is IPv4', (value) => {
    expect(isIpv4(value)).toBe(true);
    expect(isIp(value)).toBe(true);
    expect(isIp(value, 6)).toBe(false);
  });

  it.each([
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.-4',
    ' 1.2.3.4',
    '1.2.3.4 ',
  ])('%s is not IPv4', (value) => {
    expect(isIpv4(value)).toBe(false);
  });

  it.each([
    '::',
    '::1',
    '2001:db8::1',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    'fe80::',
    '1:2:3:4:5:6:7::',
    '::ffff:192.0.2.128',
    '64:ff9b::192.0.2.33',
    '1:2:3:4:5:6:1.2.3.4',
    'ABCD:EF01:2345:6789:ABCD:EF01:2345:6789',
  ])('%s is IPv6', (value) => {
    expect(isIpv6(value)).toBe(true);
    expect(isIp(value)).toBe(true);
    expect(isIp(value, 4)).toBe(false);
  });

  it.each([
    '2001:db8::1::1',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8::',
    '12345::1',
    'g::1',
    ':1:2:3:4:5:6:7',
    '1::2:',
    ':::',
    '1.2.3.4::',
    '::1.2.3.4:1',
    '::ffff:256.0.0.1',
    'fe80::1%eth0',
  ])('%s is not IPv6', (value) => {
    expect(isIpv6(value)).toBe(false);
  });

  it('runs as a rule with an optional version', () => {
    expect(validateValue([{ name: 'ip' }], '2001:db8::1')).toBeNull();
    expect(validateValue([{ name: 'ip', params: { version: 4 } }], '2001:db8::1')?.rule).toBe('ip');
    expect(validateValue([{ name: 'ip' }], 'localhost')?.rule).toBe('ip');
  });
});

describe('mac address', () => {
  it.each(['01:23:45:67:89:ab', '01-23-45-67-89-AB', '0123.4567.89ab'])('%s is a MAC address', (value) => {
    expect(isMacAddress(value)).toBe(true);
  });

  it.each([
    '01:23:45:67:89',
    '01:23-45:67:89:ab',
    '0123456789ab',
    '01:23:45:67:89:gg',
    '01:23:45:67:89:ab:cd',
  ])('%s is not', (value) => {
    expect(isMacAddress(value)).toBe(false);
  });

  it('runs as the mac_address rule', () => {
    expect(validateValue([{ name: 'mac_address' }], 'aa:bb:cc:dd:ee:ff')).toBeNull();
    expect(validateValue([{ name: 'mac_address' }], 'aa:bb:cc')?.rule).toBe('mac_address');
  });
});

describe('url', () => {
  it.each([
    'https://croupier.example/games?id=1#top',
    'http://localhost:3000',
    'https://xn--80ak6aa92e.com',
    'HTTPS://A.B',
  ])('%s is a URL', (value) => {
    expect(isUrl(value)).toBe(true);
  });

  it.each([
    'croupier.example',
    'http:croupier.example',
    'https://',
    'https://exa mple.com',
    'ftp://files.example',
    'javascript:alert(1)',
    'mailto:a@b.co',
    '//croupier.example',
  ])('%s is not an http(s) URL', (value) => {
    expect(isUrl(value)).toBe(false);
  });

  it('takes other protocols when asked', () => {
    expect(isUrl('ftp://files.example', ['ftp'])).toBe(true);
    expect(validateValue([{ name: 'url', params: { protocols: ['ftp'] } }], 'https://a.example')?.rule).toBe('url');
    expect(validateValue([{ name: 'url' }], 'https://a.example')).toBeNull();
  });
});

describe('email', () => {
  it.each([
    'player@example.com',
    'first.last+casino@mail.co.uk',
    "o'brien@example.ie",
    'a@b.io',
    'x@xn--p1ai.xn--p1ai',
  ])('%s is an e-mail address', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  it.each([
    'plainaddress',
    '@example.com',
    'player@',
    'player@example',
    'player@example.c',
    'player@@example.com',
    '.player@example.com',
    'player.@example.com',
    'pl..ayer@example.com',
    'player@-example.com',
    'player@example-.com',
    'player@exa_mple.com',
    'player@example.123',
    'play er@example.com',
    'плеер@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(61)}.com`,
  ])('%s is not', (value) => {
    expect(isEmail(value)).toBe(false);
  });

  it('runs as the email rule', () => {
    expect(validateValue([{ name: 'email' }], 'player@example.com')).toBeNull();
    expect(validateValue([{ name: 'email' }], 'player@example')).toEqual({ rule: 'email', key: 'email', params: {} });
  });
});
