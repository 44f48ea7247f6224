import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf, pageOf } from '../envelope.ts';
import { Wheel, WheelSpinBody, WheelSpinResult, WheelsQuery } from '../retention-wheel.ts';

const tags = ['retention'];

/** Wheels of fortune (api-contract §11.4). */
export const retentionWheelEndpoints = {
  wheels: defineEndpoint({
    method: 'GET',
    path: '/api/retention/wheels',
    auth: 'optional',
    summary: "Wheels by identity and state; a signed-in player's usable spins in `playerSpins`.",
    tags,
    query: WheelsQuery,
    response: pageOf(Wheel),
  }),
  spinWheel: defineEndpoint({
    method: 'POST',
    path: '/api/retention/wheels/:wheelId/spin',
    auth: 'player',
    summary: 'Uses one spin: the winning sector, its prize and the revealed seeds. 10003 when no spin is left.',
    tags,
    params: z.object({ wheelId: z.string().uuid() }),
    body: WheelSpinBody,
    response: dataOf(WheelSpinResult),
  }),
};
