import { roulette } from '@croupier/games';
import { describe, expect, it } from 'vitest';
import { groupFor, INSIDE } from '../src/games/roulette-layout.ts';

describe('roulette tap-to-bet groups', () => {
  it('always places a legal inside bet that covers the tapped number', () => {
    for (const kind of INSIDE) {
      for (let n = 0; n <= 36; n += 1) {
        const g = groupFor(kind, n);
        if (g === null) {
          expect([kind, n]).toEqual(['sixLine', 0]);
          continue;
        }
        expect(g.numbers).toContain(n);
        const key = [...(g.numbers ?? [])].sort((a, b) => a - b).join(',');
        expect(roulette.LEGAL_GROUPS[kind].has(key), `${kind} ${key}`).toBe(true);
      }
    }
  });
});
