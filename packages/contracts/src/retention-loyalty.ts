import { z } from 'zod';

// Loyalty's shapes (api-contract §11.1). Points are numbers with at most two decimals (the server keeps
// hundredths of a point as integers); a level's `points` is the threshold that reaches it.

export const LoyaltyLevel = z.object({
  id: z.string(),
  name: z.string(),
  order: z.number().int(),
  points: z.number(),
});
export type LoyaltyLevel = z.infer<typeof LoyaltyLevel>;

export const LoyaltyAccount = z.object({
  id: z.string(),
  playerId: z.string(),
  points: z.number(),
  currentLevel: LoyaltyLevel,
  nextLevel: LoyaltyLevel.nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type LoyaltyAccount = z.infer<typeof LoyaltyAccount>;

export const LoyaltyLevelsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  sortBy: z.enum(['order', 'points']).default('order'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type LoyaltyLevelsQuery = z.infer<typeof LoyaltyLevelsQuery>;

/** `retention:accounts#{playerId}`: `account.level.updated` on a level change, `account.balance.updated` else. */
export interface LoyaltyAccountPublication {
  event: 'account.level.updated' | 'account.balance.updated';
  playerAccount: LoyaltyAccount;
}

/**
 * Progress towards the next level as a percentage rounded to 2 decimals (spec §9, api-contract §11.1):
 * 100 at the last level.
 */
export function loyaltyProgress(account: Pick<LoyaltyAccount, 'points' | 'currentLevel' | 'nextLevel'>): number {
  const next = account.nextLevel;
  if (!next) return 100;
  const span = next.points - account.currentLevel.points;
  if (span <= 0) return 100;
  const ratio = (account.points - account.currentLevel.points) / span;
  return Math.round(Math.min(1, Math.max(0, ratio)) * 10_000) / 100;
}
