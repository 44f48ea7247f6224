import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf } from '../envelope.ts';
import { CreateLimitRequest, Limit, UpdateLimitRequest } from '../limits.ts';
import { RealityCheck, SetRealityCheckRequest } from '../reality-check.ts';

const tags = ['limits'];
const limitId = z.object({ limitId: z.string().uuid() });

/** Responsible-gaming limits (api-contract §6), owned by the risk module (docs/decisions/0038). */
export const limitEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/player/limits',
    auth: 'player',
    summary:
      "The player's limits in force or waiting (pendingExist: an increase waits 24 h; cancelProcess: a removal).",
    tags,
    response: dataOf(z.array(Limit)),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/player/limits',
    auth: 'player',
    summary:
      'Sets a limit. A new limit or a lower amount applies at once, a higher one after 24 h; self-exclusion closes every session.',
    tags,
    body: CreateLimitRequest,
    response: dataOf(Limit),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/player/limits/:limitId',
    auth: 'player',
    summary:
      'Changes a cash limit amount (decrease at once, increase after 24 h) or lengthens a cooling-off or self-exclusion.',
    tags,
    params: limitId,
    body: UpdateLimitRequest,
    response: dataOf(Limit),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/player/limits/:limitId',
    auth: 'player',
    summary:
      'Removes a cash limit after 24 h (cancelProcess until then). Cooling-off and self-exclusion cannot be lifted.',
    tags,
    params: limitId,
    response: dataOf(Limit),
  }),
  realityCheck: defineEndpoint({
    method: 'GET',
    path: '/api/player/reality-check',
    auth: 'player',
    summary:
      "The reality-check interval (0 = off) and the session's stakes, wins and net position per currency since the last sign-in.",
    tags,
    response: dataOf(RealityCheck),
  }),
  setRealityCheck: defineEndpoint({
    method: 'PUT',
    path: '/api/player/reality-check',
    auth: 'player',
    summary: 'Sets the reality-check interval: 0 (off), 15, 30 or 60 minutes.',
    tags,
    body: SetRealityCheckRequest,
    response: dataOf(RealityCheck),
  }),
};
