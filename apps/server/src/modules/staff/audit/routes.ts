import type { FastifyInstance } from 'fastify';
import type { StaffDeps } from '../deps.ts';

/** Filled by issue 25's audit work. */
export async function auditRoutes(_app: FastifyInstance, _deps: StaffDeps): Promise<void> {}
