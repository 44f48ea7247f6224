import { ApiError, ErrorCode, endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ping } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { buildOpenApi } from './openapi.ts';

export async function operationsRoutes(
  app: FastifyInstance,
  { config, db, databaseKind }: { config: Config; db: Db; databaseKind: string },
) {
  const startedAt = Date.now();
  route(app, endpoints.settings.health, () => ({
    status: 'ok' as const,
    version: config.version,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  }));
  route(app, endpoints.settings.ready, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    // Shutting down: still serving, but the load balancer should send nothing new (main.ts, issue 31).
    if (app.draining) throw new ApiError(503, ErrorCode.internal, 'Shutting down');
    const t0 = performance.now();
    try {
      await ping(db);
    } catch (error) {
      reply.log.error({ err: error }, 'readiness: database unreachable');
      throw new ApiError(503, ErrorCode.internal, 'Database unavailable');
    }
    return {
      status: 'ready' as const,
      database: databaseKind,
      latencyMs: Math.round((performance.now() - t0) * 100) / 100,
    };
  });

  // Built on first request, when every module has registered its endpoints.
  let document: ReturnType<typeof buildOpenApi> | undefined;
  const serve = async () => {
    document ??= buildOpenApi(config, app.endpoints);
    return document;
  };
  app.get('/api/docs', serve);
  app.get('/api/docs/openapi.json', serve);
}
