import type { FastifyInstance } from 'fastify';
import type { StaffDeps } from '../deps.ts';

/** Filled by issue 25's accounts work. */
export async function accountsRoutes(_app: FastifyInstance, _deps: StaffDeps): Promise<void> {}
