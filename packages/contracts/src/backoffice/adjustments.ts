import { z } from 'zod';
import { Reason } from './staff.ts';

/** Adjustments with four-eyes (backoffice-api.md §5). */

export const AdjustmentStatus = z.enum(['pending', 'applied', 'rejected']);

export const Adjustment = z.object({
  id: z.string(),
  playerId: z.string(),
  currency: z.string(),
  /** Signed, major units: positive credits the player's real balance, negative debits it. */
  amount: z.number(),
  reason: z.string(),
  status: AdjustmentStatus,
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Adjustment = z.infer<typeof Adjustment>;

export const CreateAdjustmentRequest = z.object({
  playerId: z.uuid('Unknown player.'),
  currency: z.string().min(1).max(10),
  amount: z
    .number()
    .finite()
    .min(-1e12)
    .max(1e12)
    .refine((n) => n !== 0, 'An adjustment moves some money.'),
  reason: Reason,
  idempotencyKey: z.uuid('A UUID, the same for every retry of this adjustment.'),
});
export type CreateAdjustmentRequest = z.infer<typeof CreateAdjustmentRequest>;

export const AdjustmentsQuery = z.object({
  status: AdjustmentStatus.optional(),
  playerId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});

export const adjustmentIdParams = z.object({ id: z.uuid() });
