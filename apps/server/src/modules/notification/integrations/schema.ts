import { pgSchema, timestamp, uuid } from 'drizzle-orm/pg-core';
import { playersKey } from '../../player/index.ts';

/**
 * The table stays in `player.*`, where its migration made it before the live chat moved here (decision 0098);
 * the schema itself is the player module's (it exports it), so this handle is not exported.
 */
const player = pgSchema('player');

/** The live-chat identity a player was last given (decision 0068): GET …/livechat/token answers it while it lasts. */
export const livechatTokens = player.table('livechat_tokens', {
  playerId: uuid('player_id').primaryKey().references(playersKey, { onDelete: 'cascade' }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});
