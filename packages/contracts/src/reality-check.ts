import { z } from 'zod';

/** Reality-check intervals a player may choose (UKGC RTS 13): off, 15, 30 or 60 minutes. */
export const REALITY_CHECK_INTERVALS = [0, 15, 30, 60] as const;

/**
 * The player's reality check (docs/decisions/0057): the interval, and the play of the session since the last
 * sign-in, per currency, in major units. `net` is wins − stakes (negative: the player is down).
 */
export const RealityCheck = z.object({
  interval: z.number().int(),
  sessionStartedAt: z.string(),
  totals: z.array(
    z.object({
      currency: z.string(),
      stakes: z.number(),
      wins: z.number(),
      net: z.number(),
    }),
  ),
});
export type RealityCheck = z.infer<typeof RealityCheck>;

export const SetRealityCheckRequest = z.object({
  interval: z
    .number()
    .int()
    .refine((n) => (REALITY_CHECK_INTERVALS as readonly number[]).includes(n), 'Choose off, 15, 30 or 60 minutes.'),
});
export type SetRealityCheckRequest = z.infer<typeof SetRealityCheckRequest>;
