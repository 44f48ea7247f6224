import type { PlayerBonus } from '@croupier/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const playerBonuses = vi.fn();
vi.mock('../app/shared/session/runtime.ts', () => ({ browserApi: () => ({ bonus: { playerBonuses } }) }));

const { loadLive, receiveBonus, resetBonuses, REFRESH_DEBOUNCE_MS, knownBonus, liveSnapshot } = await import(
  '../app/features/bonuses/bonus-store.ts'
);

const bonus = (id: string, status: number, result = 1) => ({ id, status, result, name: id }) as unknown as PlayerBonus;

describe('the live bonus list (spec §4, §9; api-contract §14.2 list 2)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetBonuses();
    playerBonuses.mockReset();
    playerBonuses.mockResolvedValue({ data: [bonus('a', 2), bonus('b', 1)], meta: {} });
  });
  afterEach(() => vi.useRealTimers());

  it('fetches statuses 1 and 2 only, and refetches once after 500 ms of publications', async () => {
    await loadLive('p1');
    expect(playerBonuses).toHaveBeenCalledTimes(1);
    expect(playerBonuses.mock.calls[0]![0].query.status).toEqual([1, 2]);

    receiveBonus(bonus('a', 2));
    await vi.advanceTimersByTimeAsync(300);
    receiveBonus(bonus('b', 2));
    await vi.advanceTimersByTimeAsync(REFRESH_DEBOUNCE_MS - 1);
    expect(playerBonuses).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(playerBonuses).toHaveBeenCalledTimes(2);
    expect(playerBonuses.mock.calls[1]![0].query.status).toEqual([1, 2]);
  });

  it('a finished bonus leaves the list at once and stays known for its details', async () => {
    await loadLive('p1');
    expect(liveSnapshot().items.map((b) => b.id)).toEqual(['a', 'b']);
    const version = liveSnapshot().version;
    receiveBonus(bonus('a', 3, 3));
    expect(liveSnapshot().items.map((b) => b.id)).toEqual(['b']);
    expect(liveSnapshot().version).toBe(version + 1);
    expect(knownBonus('a')?.status).toBe(3);
  });

  it('a logout forgets the player', async () => {
    await loadLive('p1');
    resetBonuses();
    expect(liveSnapshot()).toMatchObject({ playerId: null, items: [] });
    expect(knownBonus('a')).toBeNull();
  });
});
