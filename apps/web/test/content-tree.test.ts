import { describe, expect, it } from 'vitest';
import {
  contentOfMatches,
  coversPath,
  hasContent,
  mergeContent,
  pickContent,
} from '../app/shared/i18n/content-tree.ts';
import { openModalContent } from '../app/shared/modals/open-modal-content.ts';

const tree = {
  layout: { meta: { siteName: 'Croupier' }, nav: { home: 'Home' } },
  alerts: { copied: { title: 'Copied' }, otpLimit: { title: 'Wait' } },
  'global-components': { auth: { signIn: 'Sign in' }, games: { play: 'Play' } },
};

describe('content per page (issue 15)', () => {
  it('picks only the asked paths, keeping the shape', () => {
    expect(pickContent(tree, ['layout', 'alerts.copied', 'global-components.games', 'alerts.missing'])).toEqual({
      layout: tree.layout,
      alerts: { copied: { title: 'Copied' } },
      'global-components': { games: { play: 'Play' } },
    });
  });

  it('merges route trees over the root, deeply', () => {
    const merged = mergeContent([
      { alerts: { copied: { title: 'Copied' } } },
      { alerts: { otpLimit: { title: 'Wait' } } },
    ]);
    expect(merged).toEqual({ alerts: { copied: { title: 'Copied' }, otpLimit: { title: 'Wait' } } });
    expect(hasContent(merged, 'alerts.otpLimit')).toBe(true);
    expect(hasContent(merged, 'alerts.nope')).toBe(false);
  });

  it('counts a path as loaded only when it or a prefix was picked whole', () => {
    expect(coversPath(['layout', 'alerts.copied'], 'layout.nav')).toBe(true);
    expect(coversPath(['layout', 'alerts.copied'], 'alerts')).toBe(false);
    expect(coversPath(['alerts'], 'alerts.copied')).toBe(true);
    expect(coversPath(['alerts.cop'], 'alerts.copied')).toBe(false);
  });

  it('reads content from the matches that carry it', () => {
    const matches = [{ loaderData: { content: { a: 'x' } } }, { data: null }, { loaderData: { rows: [] } }, undefined];
    expect(contentOfMatches(matches)).toEqual([{ a: 'x' }]);
  });

  it('sends the text of the modals the address opens', () => {
    const registry = new Map([
      ['sign-in', { name: 'sign-in', load: async () => () => null, content: ['global-components.auth', 'alerts'] }],
      ['wallet', { name: 'wallet', load: async () => () => null, content: ['alerts'] }],
    ]);
    expect(openModalContent(new URLSearchParams('sign-in=true&wallet=deposit&utm=x'), registry)).toEqual([
      'global-components.auth',
      'alerts',
    ]);
  });
});
