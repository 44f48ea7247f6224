import { z } from 'zod';

/**
 * A signed visitor identity for the live-chat widget (api-contract §4.1). Both times are in milliseconds:
 * the client reuses it until `now >= creationDate + expiresIn`. With the Chatwoot adapter (decision 0068)
 * `entityId` is the contact identifier, `accessToken` its identifier_hash and `licenseId` the website token.
 */
export const LiveChatToken = z.object({
  accessToken: z.string(),
  tokenType: z.string(),
  entityId: z.string(),
  licenseId: z.string(),
  creationDate: z.number().int(),
  expiresIn: z.number().int(),
});
export type LiveChatToken = z.infer<typeof LiveChatToken>;

/** `returnUrl` is the page's origin (the seed's client sends window.location.origin); informational. */
export const LiveChatFreshTokenQuery = z.object({ returnUrl: z.string().max(2000).url().optional() });

/** What the web app needs to load the chat widget; null when live chat is not configured. */
export const LiveChatWidget = z.object({
  provider: z.literal('chatwoot'),
  baseUrl: z.string(),
  websiteToken: z.string(),
});
export type LiveChatWidget = z.infer<typeof LiveChatWidget>;
