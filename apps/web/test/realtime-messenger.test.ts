import type { Message } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import { isExternalLink, markRead, POPOVER_SIZE, prependLatest } from '../app/features/notifications/messages.ts';

const message = (id: string, state: 1 | 2 = 1): Message => ({
  id,
  playerId: 'p1',
  state,
  content: { title: `title ${id}`, body: 'body' },
  readAt: state === 2 ? '2026-01-01T00:00:00.000Z' : null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
});

describe('messenger state (api-contract §13, §14.2 message.received)', () => {
  it('a new message goes first and the popover keeps the newest three', () => {
    let latest = [message('a'), message('b'), message('c')];
    latest = prependLatest(latest, message('d'));
    expect(latest.map((m) => m.id)).toEqual(['d', 'a', 'b']);
    expect(latest).toHaveLength(POPOVER_SIZE);
    // The same message twice (a replayed publication) is not listed twice.
    expect(prependLatest(latest, message('a')).map((m) => m.id)).toEqual(['a', 'd', 'b']);
  });

  it('a read sets state 2 and readAt on the client, only for the given ids', () => {
    const now = new Date('2026-05-01T12:00:00.000Z');
    const read = markRead([message('a'), message('b'), message('c', 2)], new Set(['a', 'c']), now);
    expect(read.map((m) => [m.id, m.state, m.readAt])).toEqual([
      ['a', 2, '2026-05-01T12:00:00.000Z'],
      ['b', 1, null],
      ['c', 2, '2026-01-01T00:00:00.000Z'], // already read: its first read time stays
    ]);
    expect(markRead([message('x')], null, now)[0]).toMatchObject({ state: 2, readAt: now.toISOString() });
  });

  it('links starting with http open in a new tab, site paths stay', () => {
    expect(isExternalLink('https://example.com/promo')).toBe(true);
    expect(isExternalLink('http://example.com')).toBe(true);
    expect(isExternalLink('/profile/wallet')).toBe(false);
    expect(isExternalLink('promotions')).toBe(false);
  });
});
