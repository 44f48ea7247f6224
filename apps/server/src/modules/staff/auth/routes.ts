import type { FastifyInstance } from 'fastify';
import type { StaffDeps } from '../deps.ts';

/** Filled by issue 25's auth work. */
export async function authRoutes(_app: FastifyInstance, _deps: StaffDeps): Promise<void> {}
