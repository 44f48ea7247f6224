import { z } from 'zod';

/** Contact form (POST /api/notification/communications, api-contract §13). */
export const CommunicationRequest = z.object({
  email: z.email().max(254),
  message: z.string().trim().min(10).max(5000),
});
export type CommunicationRequest = z.infer<typeof CommunicationRequest>;
