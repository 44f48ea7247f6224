import { endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { visitorOf } from '../../http/visitor.ts';
import { saveCommunication } from './service.ts';

export async function notificationRoutes(app: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  route(
    app,
    endpoints.content.communication,
    async ({ body, request }) => {
      const visitor = visitorOf(request, config.TRUST_GEO_HEADERS);
      await saveCommunication(db, {
        ...body,
        ip: visitor.ip,
        country: visitor.country,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      });
      return { data: { message: 'Your message has been sent.' } };
    },
    // An open form is a spam target: a few messages per visitor per ten minutes is plenty.
    { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } }, bodyLimit: 32 * 1024 },
  );
}
