import { z } from 'zod';

/** Contact form (POST /api/notification/communications, api-contract §13). */
export const CommunicationRequest = z.object({
  // min(1) first, so an empty field reads "required" rather than "invalid" (spec §5: requiredness is its own rule).
  email: z.string().trim().min(1).pipe(z.email().max(254)),
  message: z.string().trim().min(1).min(10).max(5000),
});
export type CommunicationRequest = z.infer<typeof CommunicationRequest>;
