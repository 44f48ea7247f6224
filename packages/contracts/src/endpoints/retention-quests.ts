import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf, pageOf } from '../envelope.ts';
import { PlayerQuestsQuery, Quest, QuestsQuery } from '../retention-quests.ts';

const tags = ['retention'];
const id = z.object({ id: z.string().uuid() });

/** Quests (api-contract §11.2). Every id is the player's own: another player's reads as missing (404). */
export const retentionQuestEndpoints = {
  quests: defineEndpoint({
    method: 'GET',
    path: '/api/retention/quests',
    auth: 'player',
    summary: 'Quests the player may start now (state 1), with their tasks and the rewards in `currency`.',
    tags,
    query: QuestsQuery,
    response: pageOf(Quest),
  }),
  playerQuests: defineEndpoint({
    method: 'GET',
    path: '/api/retention/player-quests',
    auth: 'player',
    summary: "The player's quests by `state[]`: 2 active, 3 completed, 4 reward claimed, 5 expired, 6 cancelled.",
    tags,
    query: PlayerQuestsQuery,
    response: pageOf(Quest),
  }),
  activateQuest: defineEndpoint({
    method: 'PUT',
    path: '/api/retention/quests/:id/activate',
    auth: 'player',
    summary:
      'Starts a quest (a definition id), or claims the reward of a completed one (its player-quest id or its definition id).',
    tags,
    params: id,
    response: dataOf(Quest),
  }),
  cancelPlayerQuest: defineEndpoint({
    method: 'PUT',
    path: '/api/retention/player-quests/:id/cancel',
    auth: 'player',
    summary: 'Cancels an active quest (state 6); its progress is lost.',
    tags,
    params: id,
    response: dataOf(Quest),
  }),
};
