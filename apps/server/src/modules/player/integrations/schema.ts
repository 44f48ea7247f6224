import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { player, players } from '../schema.ts';

/** The live-chat identity a player was last given (decision 0068): GET …/livechat/token answers it while it lasts. */
export const livechatTokens = player.table('livechat_tokens', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});
