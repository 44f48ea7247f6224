import { describe, expect, it } from 'vitest';
import { withParams } from '../app/lib/url-state.ts';
import { filterChange } from '../app/ui/queue-filters.tsx';

describe('a queue filter in the address', () => {
  it('leaves the address at the default value and names any other', () => {
    expect(filterChange('status', 'review', 'review')).toEqual({ status: null });
    expect(filterChange('status', 'paid', 'review')).toEqual({ status: 'paid' });
    expect(filterChange('view', 'due', 'all')).toEqual({ view: 'due' });
  });

  it('clears what the new value makes meaningless, keeps the player and goes back to page 1', () => {
    const params = new URLSearchParams('status=approved&document=d1&playerId=p1&page=3');
    const next = withParams(params, filterChange('status', 'pending', 'pending', ['document']));
    expect(next.toString()).toBe('playerId=p1');
  });
});
