import type { FastifyInstance } from 'fastify';
import type { StaffDeps } from '../deps.ts';

/** Filled by issue 25's dashboard work. */
export async function dashboardRoutes(_app: FastifyInstance, _deps: StaffDeps): Promise<void> {}
