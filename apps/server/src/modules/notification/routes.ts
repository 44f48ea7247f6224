import { endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { visitorOf } from '../../http/visitor.ts';
import { listMailbox } from './messaging/mailbox.ts';
import { devMailboxEnabled } from './messaging/settings.ts';
import { messengerRoutes } from './messenger/routes.ts';
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

  messengerRoutes(app, db);

  // The development mailbox shows every captured e-mail and SMS (confirmation links, one-time codes) to
  // anyone who asks: it exists only when DEV_MAILBOX is on (default outside production).
  if (devMailboxEnabled(config)) {
    if (config.NODE_ENV === 'production') {
      app.log.warn('DEV_MAILBOX is on in production: GET /api/dev/mailbox shows every message to anyone');
    }
    route(app, endpoints.player.devMailbox, async ({ query, reply }) => {
      reply.header('cache-control', 'no-store');
      return { data: await listMailbox(db, query) };
    });
  }
}
