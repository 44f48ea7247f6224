import { createHmac, randomUUID } from 'node:crypto';
import type { LiveChatToken } from '@croupier/contracts';
import type { Config } from '../../../config.ts';

// The chat adapter (decision 0068): a LiveChatToken is a visitor identity the widget can prove. For Chatwoot's
// website widget that is the contact `identifier` and its `identifier_hash` = HMAC-SHA256(inbox HMAC token,
// identifier), hex — Chatwoot refuses a setUser whose hash does not match, so nobody can open another
// player's conversation by naming their id.

export interface ChatAdapter {
  /** The identity of `identifier`, issued at `issuedAt` (ms), valid `ttlMs`. */
  identity(identifier: string, issuedAt: number): LiveChatToken;
  /** A new identifier for a guest: random, never a player's. */
  guestIdentifier(): string;
}

export function chatwootAdapter(config: Config): ChatAdapter | null {
  const { CHATWOOT_BASE_URL: baseUrl, CHATWOOT_WEBSITE_TOKEN: websiteToken, CHATWOOT_HMAC_TOKEN: hmacToken } = config;
  if (!baseUrl || !websiteToken || !hmacToken) return null;
  const ttlMs = config.LIVECHAT_TOKEN_TTL_SECONDS * 1000;
  return {
    identity: (identifier, issuedAt) => ({
      accessToken: identifierHash(hmacToken, identifier),
      tokenType: 'chatwoot-identifier-hash',
      entityId: identifier,
      licenseId: websiteToken,
      creationDate: issuedAt,
      expiresIn: ttlMs,
    }),
    guestIdentifier: () => `guest-${randomUUID()}`,
  };
}

/** Chatwoot's identity validation: HMAC-SHA256 of the identifier under the inbox's secret, hex. */
export function identifierHash(hmacToken: string, identifier: string): string {
  return createHmac('sha256', hmacToken).update(identifier).digest('hex');
}
