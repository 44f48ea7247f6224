import { z } from 'zod';

/** Contact form (POST /api/notification/communications, api-contract §13). */
export const CommunicationRequest = z.object({
  // min(1) first, so an empty field reads "required" rather than "invalid" (spec §5: requiredness is its own rule).
  email: z.string().trim().min(1).pipe(z.email().max(254)),
  message: z.string().trim().min(1).min(10).max(5000),
});
export type CommunicationRequest = z.infer<typeof CommunicationRequest>;

// ── Messenger (api-contract §13, §14.2) ─────────────────────────────────────────────────────────────

/** message.state (api-contract §1.6): 1 unread, 2 read. */
export const MessageState = { unread: 1, read: 2 } as const;
export type MessageState = (typeof MessageState)[keyof typeof MessageState];

/** A messenger message, its text already in the reader's language. */
export const Message = z.object({
  id: z.string(),
  playerId: z.string(),
  state: z.union([z.literal(MessageState.unread), z.literal(MessageState.read)]),
  content: z.object({
    title: z.string(),
    body: z.string(),
    link: z.object({ url: z.string(), label: z.string() }).optional(),
    image: z.string().optional(),
  }),
  readAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type Message = z.infer<typeof Message>;

/** Most ids one read or delete request may name: a page of the list is far smaller. */
export const maxMessageIds = 100;

/** Body of POST …/messages/read and DELETE …/messages. */
export const MessageIdsRequest = z.object({
  messageIds: z.array(z.string().uuid()).min(1).max(maxMessageIds),
});
export type MessageIdsRequest = z.infer<typeof MessageIdsRequest>;

/** What read, read-all and delete answer: the unread count after the change. */
export const UnreadCount = z.object({ totalUnread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCount>;

/**
 * `messenger:notifications#{playerId}` publication (api-contract §14.2). `invoiceId` (ours, optional) names
 * the invoice a payment message is about, so a tab that just acted on that invoice need not alert twice.
 */
export const MessageReceivedEvent = z.object({
  event: z.literal('message.received'),
  message: Message,
  invoiceId: z.string().optional(),
});
export type MessageReceivedEvent = z.infer<typeof MessageReceivedEvent>;
