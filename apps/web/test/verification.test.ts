import { describe, expect, it } from 'vitest';
import { highlightParts, newestFirst } from '../app/features/dev/mailbox.ts';
import {
  isSandboxToken,
  providerSessionOf,
  sandboxFrameSrc,
  shouldPoll,
  verificationView,
} from '../app/features/verification/verification.ts';

describe('verification', () => {
  it('tells the sandbox token from a real provider token', () => {
    const sandbox = `sandbox_${'A'.repeat(32)}`;
    expect(isSandboxToken(sandbox)).toBe(true);
    expect(isSandboxToken('_act-sbx-jwt-eyJhbGciOi')).toBe(false);
    expect(isSandboxToken('sandbox_')).toBe(false);
    expect(providerSessionOf(sandbox)).toEqual({ kind: 'sandbox', src: sandboxFrameSrc(sandbox) });
    expect(sandboxFrameSrc('sandbox_a+b')).toBe('/kyc/sandbox?token=sandbox_a%2Bb');
    expect(providerSessionOf('act-123')).toEqual({ kind: 'sumsub', token: 'act-123' });
  });

  it('polls while pending, or while the provider is open and nothing is decided', () => {
    expect(shouldPoll('pending', false)).toBe(true);
    expect(shouldPoll('init', true)).toBe(true);
    expect(shouldPoll('init', false)).toBe(false);
    expect(shouldPoll('approved', true)).toBe(false);
    expect(shouldPoll('rejected', false)).toBe(false);
    expect(shouldPoll(null, true)).toBe(false);
  });

  it('maps the status to what the page shows', () => {
    expect(verificationView(null, false)).toBe('loading');
    expect(verificationView('init', false)).toBe('start');
    expect(verificationView('init', true)).toBe('provider');
    expect(verificationView('pending', true)).toBe('provider');
    expect(verificationView('pending', false)).toBe('review');
    expect(verificationView('approved', true)).toBe('approved');
    expect(verificationView('rejected', false)).toBe('rejected');
  });
});

describe('development mailbox', () => {
  it('marks six-digit codes and links, and nothing else', () => {
    const text = 'Your code is 123456.\nOpen http://localhost:3300/verify/abc?x=1. Order 1234567, ref #654321x.';
    expect(highlightParts(text)).toEqual([
      { kind: 'text', value: 'Your code is ' },
      { kind: 'code', value: '123456' },
      { kind: 'text', value: '.\nOpen ' },
      { kind: 'link', value: 'http://localhost:3300/verify/abc?x=1' },
      { kind: 'text', value: '. Order 1234567, ref #654321x.' },
    ]);
    expect(highlightParts('(https://example.com/a)')).toEqual([
      { kind: 'text', value: '(' },
      { kind: 'link', value: 'https://example.com/a' },
      { kind: 'text', value: ')' },
    ]);
    expect(highlightParts('')).toEqual([]);
  });

  it('orders messages newest first', () => {
    const m = (id: string, createdAt: string) => ({
      id,
      channel: 'sms' as const,
      to: '+1',
      subject: null,
      text: '',
      html: null,
      createdAt,
    });
    const sorted = newestFirst([m('a', '2026-01-01T00:00:00Z'), m('b', '2026-01-02T00:00:00Z')]);
    expect(sorted.map((x) => x.id)).toEqual(['b', 'a']);
  });
});
