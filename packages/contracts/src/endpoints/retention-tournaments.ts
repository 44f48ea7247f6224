import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf, pageOf } from '../envelope.ts';
import { Tournament, TournamentRef, TournamentsQuery } from '../retention-tournaments.ts';

const tags = ['retention'];

/** Tournaments (api-contract §11.3). */
export const retentionTournamentEndpoints = {
  tournaments: defineEndpoint({
    method: 'GET',
    path: '/api/retention/tournaments',
    auth: 'guest',
    summary: 'Tournaments by state (2 upcoming, 3 running, 4 finished, 5 cancelled) and identity.',
    tags,
    query: TournamentsQuery,
    response: pageOf(Tournament),
  }),
  tournament: defineEndpoint({
    method: 'GET',
    path: '/api/retention/tournaments/:id',
    auth: 'optional',
    summary: 'One tournament (by id or identity) with prizes and leaderboard; `playerEntry` for a signed-in caller.',
    tags,
    params: TournamentRef,
    response: dataOf(Tournament),
  }),
  participate: defineEndpoint({
    method: 'POST',
    path: '/api/retention/tournaments/:id/participate',
    auth: 'player',
    summary: 'Takes part in an upcoming or running tournament (needed when it asks for confirmation).',
    tags,
    params: TournamentRef,
    response: z.object({ data: z.object({ points: z.number(), place: z.number().int() }) }),
  }),
};
