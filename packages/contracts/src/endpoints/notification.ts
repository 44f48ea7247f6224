import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf, PageQuery, PaginationMeta } from '../envelope.ts';
import { Message, MessageIdsRequest, UnreadCount } from '../notification.ts';

const tags = ['notification'];
const path = '/api/notification/messenger/messages';

/** The messenger (api-contract §13). The contact form stays in the content group, where the site uses it. */
export const notificationEndpoints = {
  messages: defineEndpoint({
    method: 'GET',
    path,
    auth: 'player',
    summary: "The player's messages, newest first, in the player's language; meta also counts the unread ones.",
    tags,
    query: PageQuery,
    response: z.object({
      data: z.array(Message),
      meta: PaginationMeta.extend({ totalUnread: z.number().int().min(0) }),
    }),
  }),
  read: defineEndpoint({
    method: 'POST',
    path: `${path}/read`,
    auth: 'player',
    summary: "Marks the given messages read (state 2, readAt now). Ids that are not the player's are ignored.",
    tags,
    body: MessageIdsRequest,
    response: dataOf(UnreadCount),
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: `${path}/read/all`,
    auth: 'player',
    summary: 'Marks every unread message of the player read.',
    tags,
    response: dataOf(UnreadCount),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path,
    auth: 'player',
    summary: "Deletes the given messages (JSON body). Ids that are not the player's are ignored.",
    tags,
    body: MessageIdsRequest,
    response: dataOf(UnreadCount),
  }),
};
