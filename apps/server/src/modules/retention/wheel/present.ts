import type { Wheel } from '@croupier/contracts';
import { nextUtcMidnight, type SectorRow, type SpinRow, stateOf, type WheelRow } from './store.ts';

/** A weight in hundredths of a percent → the contract's percent. */
export const dropRateOf = (sector: SectorRow) => sector.weight / 100;

export const toItem = (s: SectorRow) => ({ id: s.id, title: s.title, dropRate: dropRateOf(s) });

/**
 * A wheel as the client reads it (api-contract §11.4). `limitRefreshAt` is when a daily wheel gives its
 * next spins, set only when the player has none left (the client then shows the countdown).
 */
export function toWheel(wheel: WheelRow, sectors: SectorRow[], spins: SpinRow[] | null, now: Date): Wheel {
  const mine = spins ?? [];
  return {
    id: wheel.id,
    identity: wheel.identity,
    title: wheel.title,
    state: stateOf(wheel, now),
    items: sectors.map(toItem),
    startAt: wheel.startAt.toISOString(),
    endAt: wheel.endAt?.toISOString() ?? null,
    playerSpins: mine.map((s) => ({
      id: s.id,
      expireAt: s.expireAt?.toISOString() ?? null,
      serverSeedHash: s.serverSeedHash,
    })),
    limitRefreshAt: spins && mine.length === 0 && wheel.dailySpins > 0 ? nextUtcMidnight(now).toISOString() : null,
  };
}
