import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  StudioAction,
  StudioClientSeedRequest,
  StudioPlayRequest,
  StudioRotateAnswer,
  StudioRotateRequest,
  StudioRoundAnswer,
  StudioRoundsAnswer,
  StudioRoundsQuery,
  StudioSeedsAnswer,
  StudioSession,
} from '../studio.ts';

/** Where the studio is mounted on the casino's origin in the one-process setup. */
export const STUDIO_PATH = '/studio';
/** Where its JSON game API is mounted. */
export const STUDIO_API = `${STUDIO_PATH}/api`;

const tags = ['studio'];
// 'guest': there is no bearer token; the unguessable session id in the path is the capability.
const session = z.object({ sessionId: z.string() });
const round = session.extend({ roundId: z.string() });

/**
 * The studio's game API, in the `Endpoint` shape but a table of its own: the studio is a separate game
 * provider with its own mount and its own error envelope (StudioErrorAnswer), so it stays out of the
 * player API's `endpoints`, client and OpenAPI document.
 */
export const studioEndpoints = {
  session: defineEndpoint({
    method: 'GET',
    path: `${STUDIO_API}/sessions/:sessionId`,
    auth: 'guest',
    summary: 'The session: game, mode, currency, balance, bet limits, seeds and the open round.',
    tags,
    params: session,
    response: StudioSession,
  }),
  setClientSeed: defineEndpoint({
    method: 'PUT',
    path: `${STUDIO_API}/sessions/:sessionId/seeds`,
    auth: 'guest',
    summary: 'Sets the client seed of the active pair (no open round).',
    tags,
    params: session,
    body: StudioClientSeedRequest,
    response: StudioSeedsAnswer,
  }),
  rotateSeeds: defineEndpoint({
    method: 'POST',
    path: `${STUDIO_API}/sessions/:sessionId/seeds/rotate`,
    auth: 'guest',
    summary: 'Reveals the server seed and starts a new pair (no open round).',
    tags,
    params: session,
    body: StudioRotateRequest,
    response: StudioRotateAnswer,
  }),
  play: defineEndpoint({
    method: 'POST',
    path: `${STUDIO_API}/sessions/:sessionId/rounds`,
    auth: 'guest',
    summary: 'Plays a round: the bet and the game choice.',
    tags,
    params: session,
    body: StudioPlayRequest,
    response: StudioRoundAnswer,
  }),
  act: defineEndpoint({
    method: 'POST',
    path: `${STUDIO_API}/sessions/:sessionId/rounds/:roundId/actions`,
    auth: 'guest',
    summary: 'The next action of an open multi-step round.',
    tags,
    params: round,
    body: StudioAction,
    response: StudioRoundAnswer,
  }),
  rounds: defineEndpoint({
    method: 'GET',
    path: `${STUDIO_API}/sessions/:sessionId/rounds`,
    auth: 'guest',
    summary: "The owner's latest rounds of this game, newest first.",
    tags,
    params: session,
    query: StudioRoundsQuery,
    response: StudioRoundsAnswer,
  }),
};
export type StudioEndpoints = typeof studioEndpoints;
