import type { FastifyInstance } from 'fastify';
import type { StaffDeps } from '../deps.ts';

/** Filled by issue 25's players work. */
export async function playersRoutes(_app: FastifyInstance, _deps: StaffDeps): Promise<void> {}
