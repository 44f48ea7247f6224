import { z } from 'zod';
import { LiveChatWidget } from './integrations.ts';

/**
 * Operator switches the web app needs before it renders (feature flags and timings). Not in the
 * contract: the client of record read these from its own build; ours reads them through the API.
 */
export const SiteSettings = z.object({
  loyaltyEnabled: z.boolean(),
  questsEnabled: z.boolean(),
  bettingEnabled: z.boolean(),
  affiliateCookieDays: z.number().int().positive(),
  reloadGuardSeconds: z.number().int().positive(),
  manifestPollSeconds: z.number().int().positive(),
  cdnBaseUrl: z.string(),
  gameHubCdnBaseUrl: z.string(),
  hideDocumentsPage: z.boolean(),
  publicUrl: z.string(),
  version: z.string(),
  /** The live-chat widget to load, or null when live chat is not configured (decision 0068). */
  liveChat: LiveChatWidget.nullable(),
  /** The referral programme is on: the profile shows its Referral tab (decision 0067). */
  referralsEnabled: z.boolean(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

export const Health = z.object({ status: z.literal('ok'), version: z.string(), uptimeSeconds: z.number() });
export const Readiness = z.object({ status: z.literal('ready'), database: z.string(), latencyMs: z.number() });
