import { ApiError, ErrorCode, type LiveChatToken } from '@croupier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { ChatAdapter } from './chatwoot.ts';
import { livechatTokens } from './schema.ts';

// The live-chat identity endpoints' logic (api-contract §4.1): a player's identity is remembered by when it
// was issued, so `token` answers the same one until it expires, `fresh-token` renews it, `has-token` tells
// whether one is live and DELETE forgets it. Guests get a new random identity each time (their client caches it).

const notConfigured = () => ApiError.of(ErrorCode.notFound, 'Live chat is not configured.');

export function createLiveChat(db: Db, adapter: ChatAdapter | null, now: () => Date = () => new Date()) {
  const need = (): ChatAdapter => {
    if (!adapter) throw notConfigured();
    return adapter;
  };
  const liveRow = async (playerId: string, a: ChatAdapter) => {
    const [row] = await db.select().from(livechatTokens).where(eq(livechatTokens.playerId, playerId));
    if (!row) return null;
    const token = a.identity(playerId, row.issuedAt.getTime());
    return now().getTime() < token.creationDate + token.expiresIn ? token : null;
  };
  const issue = async (playerId: string, a: ChatAdapter): Promise<LiveChatToken> => {
    const at = now();
    await db
      .insert(livechatTokens)
      .values({ playerId, issuedAt: at })
      .onConflictDoUpdate({ target: livechatTokens.playerId, set: { issuedAt: sql`excluded.issued_at` } });
    return a.identity(playerId, at.getTime());
  };
  return {
    async token(playerId: string): Promise<LiveChatToken> {
      const a = need();
      return (await liveRow(playerId, a)) ?? issue(playerId, a);
    },
    async fresh(playerId: string | null): Promise<LiveChatToken> {
      const a = need();
      if (playerId === null) return a.identity(a.guestIdentifier(), now().getTime());
      return issue(playerId, a);
    },
    async has(playerId: string): Promise<boolean> {
      return (await liveRow(playerId, need())) !== null;
    },
    async forget(playerId: string): Promise<string> {
      need();
      await db.delete(livechatTokens).where(eq(livechatTokens.playerId, playerId));
      return 'Live chat token deleted.';
    },
  };
}

export type LiveChat = ReturnType<typeof createLiveChat>;
