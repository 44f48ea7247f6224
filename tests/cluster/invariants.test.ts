// The checker of the fault runs must be able to fail: a socket that missed, repeated or reordered a publication,
// or ends on a balance other than the ledger's, is a finding (runs without the cluster).
import { describe, expect, it } from 'vitest';
import { socketFindings } from './lib/invariants.ts';
import type { LoadPlayer, SocketLog } from './lib/players.ts';

const player = { playerId: '00000000-0000-4000-8000-000000000001' } as LoadPlayer;
const log = (published: number[], reconnected = false, snapshots: number[] = []): SocketLog => ({
  published: published.map((cents, i) => ({ at: i, cents })),
  snapshots: snapshots.map((cents, i) => ({ at: published.length + i, cents })),
  connects: reconnected ? [1] : [],
  disconnects: reconnected ? [0] : [],
});
// The ledger's running balance of the account: the credit (before the phase), then five movements.
const ledger = [1000, 990, 1010, 1000, 990, 1040];
const mark = 1;

describe('socketFindings', () => {
  it('accepts every movement once, in order, for a socket that stayed connected', () => {
    expect(socketFindings(player, log([990, 1010, 1000, 990, 1040]), ledger, mark)).toEqual([]);
  });
  it('finds a lost publication', () => {
    expect(socketFindings(player, log([990, 1010, 990, 1040]), ledger, mark)[0]).toMatch(
      /4 publications for 5.*1 fewer/,
    );
  });
  it('finds a repeated publication', () => {
    expect(socketFindings(player, log([990, 1010, 1010, 1000, 990, 1040]), ledger, mark)[0]).toMatch(
      /1 more\), not in the ledger’s order or twice/,
    );
  });
  it('finds publications out of order', () => {
    expect(socketFindings(player, log([1010, 990, 1000, 990, 1040]), ledger, mark)[0]).toMatch(/order/);
  });
  it('lets a reconnected socket miss publications its resync makes up for, never repeat one', () => {
    expect(socketFindings(player, log([990, 990, 1040], true), ledger, mark)).toEqual([]);
    expect(socketFindings(player, log([990, 1010, 1010], true, [1040]), ledger, mark)[0]).toMatch(
      /twice or out of order/,
    );
  });
  it('finds a socket whose last word is not the ledger’s balance', () => {
    expect(socketFindings(player, log([990, 1010], true, [1000]), ledger, mark)).toEqual([
      'player 00000000: the socket ends on 1000, the ledger on 1040',
    ]);
  });
});
