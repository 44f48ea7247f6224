import type { LoyaltyAccount, LoyaltyLevel } from '@croupier/contracts';
import { pointsOut } from './points.ts';
import { type AccountRow, type LevelRow, levelAt } from './store.ts';

export const toLevel = (row: LevelRow): LoyaltyLevel => ({
  id: row.id,
  name: row.name,
  order: row.order,
  points: pointsOut(row.points),
});

export function toLoyaltyAccount(row: AccountRow, levels: readonly LevelRow[]): LoyaltyAccount {
  const { current, next } = levelAt(levels, row.points);
  return {
    id: row.id,
    playerId: row.playerId,
    points: pointsOut(row.points),
    currentLevel: toLevel(current),
    nextLevel: next ? toLevel(next) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}
