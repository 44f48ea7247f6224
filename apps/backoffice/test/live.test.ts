import { describe, expect, it } from 'vitest';
import { realtimeUrl, withPlayersOnline } from '../app/features/dashboard/live-client.ts';

// The live dashboard's pure pieces (decision 0110): where the socket is, and players online written into the
// cached tiles without touching the rest.

describe('live dashboard', () => {
  it('opens the socket on the page’s own host, wss under https', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'office.casino.example' })).toBe(
      'wss://office.casino.example/api/connection/websocket',
    );
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe(
      'ws://127.0.0.1:3000/api/connection/websocket',
    );
  });

  it('writes players online into the cached tiles, and nothing before the first read', () => {
    const tiles = {
      playersOnline: 3,
      depositsToday: [{ currency: 'EUR', amount: 25, count: 1 }],
      adjustmentsWaiting: 2,
      withdrawalsWaiting: 1,
      flagsOpen: 0,
      today: [],
    };
    expect(withPlayersOnline(tiles, 5)).toEqual({ ...tiles, playersOnline: 5 });
    expect(withPlayersOnline(tiles, 5)?.depositsToday).toBe(tiles.depositsToday);
    // The same figure: the same object, so nothing renders again.
    expect(withPlayersOnline(tiles, 3)).toBe(tiles);
    expect(withPlayersOnline(undefined, 5)).toBeUndefined();
  });
});
