import type { FastifyInstance } from 'fastify';
import type { StaffDeps } from '../deps.ts';

/** Filled by issue 25's adjustments work. */
export async function adjustmentsRoutes(_app: FastifyInstance, _deps: StaffDeps): Promise<void> {}
