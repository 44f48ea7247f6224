import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf } from '../envelope.ts';
import { LiveChatFreshTokenQuery, LiveChatToken } from '../integrations.ts';

const tags = ['integrations'];

/** The live-chat widget's identity (api-contract §4.1, decision 0068). 404 when live chat is not configured. */
export const integrationEndpoints = {
  livechatToken: defineEndpoint({
    method: 'GET',
    path: '/api/player/integrations/livechat/token',
    auth: 'player',
    summary: "The player's current chat identity (a fresh one when none is live).",
    tags,
    response: dataOf(LiveChatToken),
  }),
  livechatFreshToken: defineEndpoint({
    method: 'GET',
    path: '/api/player/integrations/livechat/fresh-token',
    auth: 'optional',
    summary: "A new chat identity: the player's own, or a new guest identity without a token.",
    tags,
    query: LiveChatFreshTokenQuery,
    response: dataOf(LiveChatToken),
  }),
  livechatHasToken: defineEndpoint({
    method: 'GET',
    path: '/api/player/integrations/livechat/has-token',
    auth: 'player',
    summary: 'Whether the player holds a live chat identity.',
    tags,
    response: dataOf(z.boolean()),
  }),
  livechatDeleteToken: defineEndpoint({
    method: 'DELETE',
    path: '/api/player/integrations/livechat/token',
    auth: 'player',
    summary: "Forgets the player's chat identity; the next token request issues a new one.",
    tags,
    response: dataOf(z.string()),
  }),
};
