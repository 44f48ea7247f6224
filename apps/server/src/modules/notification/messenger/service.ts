import {
  type Message,
  type MessageReceivedEvent,
  MessageState,
  type PageQuery,
  PlayerChannel,
  pageMeta,
  playerChannel,
  RealtimeEvent,
} from '@croupier/contracts';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { enqueue } from '../../../outbox/index.ts';
import { messages } from '../schema.ts';
import { readerOf } from './reader.ts';
import { type MessageParams, toMessage } from './render.ts';
import type { MessageLink, MessageTemplate } from './texts.ts';

export interface Notification {
  playerId: string;
  template: MessageTemplate;
  params: MessageParams;
  /** A site path or URL, and the content key of its label. */
  link?: { url: string; label: MessageLink };
  image?: string;
  /** The domain event behind the message: the same key for the same player never makes a second message. */
  sourceKey: string;
  /** The invoice a payment message is about: published with it (not stored) so the acting tab can stay quiet. */
  invoiceId?: string;
}

/**
 * Writes a message in the caller's transaction and enqueues `message.received` for the player's
 * channel, rendered in the player's language. A repeated source key changes nothing and answers null.
 */
export async function notify(tx: Db, input: Notification): Promise<Message | null> {
  const [row] = await tx
    .insert(messages)
    .values({
      playerId: input.playerId,
      template: input.template,
      params: input.params,
      link: input.link ?? null,
      image: input.image ?? null,
      sourceKey: input.sourceKey,
    })
    .onConflictDoNothing({ target: [messages.playerId, messages.sourceKey] })
    .returning();
  if (!row) return null;
  const message = toMessage(row, await readerOf(tx, input.playerId));
  const data: MessageReceivedEvent = { event: RealtimeEvent.messageReceived, message };
  if (input.invoiceId) data.invoiceId = input.invoiceId;
  await enqueue(tx, { channel: playerChannel(PlayerChannel.notifications, input.playerId), event: data.event, data });
  return message;
}

const visible = (playerId: string) => and(eq(messages.playerId, playerId), isNull(messages.deletedAt));

/** The player's unread, undeleted messages. */
export async function unreadCount(db: Db, playerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(visible(playerId), eq(messages.state, MessageState.unread)));
  return Number(row?.n ?? 0);
}

/** A page of the player's messages, newest first, rendered in the player's current language. */
export async function listMessages(db: Db, playerId: string, { page, perPage }: PageQuery) {
  const [total] = await db.select({ n: count() }).from(messages).where(visible(playerId));
  const rows = await db
    .select()
    .from(messages)
    .where(visible(playerId))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const reader = await readerOf(db, playerId);
  return {
    data: rows.map((row) => toMessage(row, reader)),
    meta: { ...pageMeta(page, perPage, Number(total?.n ?? 0)), totalUnread: await unreadCount(db, playerId) },
  };
}

/**
 * Marks messages read. Ids are matched together with the player id, so another player's message is
 * never touched and its existence is not revealed; an already read message keeps its first readAt.
 */
export async function markRead(db: Db, playerId: string, ids: readonly string[] | 'all'): Promise<number> {
  const now = new Date();
  await db
    .update(messages)
    .set({ state: MessageState.read, readAt: now, updatedAt: now })
    .where(
      and(
        visible(playerId),
        eq(messages.state, MessageState.unread),
        ids === 'all' ? undefined : inArray(messages.id, [...new Set(ids)]),
      ),
    );
  return unreadCount(db, playerId);
}

/**
 * Deletes messages for the player: a soft delete, so the source key still blocks a replayed event from
 * bringing a message back. Others' ids are ignored, as in markRead.
 */
export async function deleteMessages(db: Db, playerId: string, ids: readonly string[]): Promise<number> {
  const now = new Date();
  await db
    .update(messages)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(visible(playerId), inArray(messages.id, [...new Set(ids)])));
  return unreadCount(db, playerId);
}
