import { STUDIO_PROVIDER_ID } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { enabledCurrencies } from '../present.ts';
import { issueLaunchToken } from './launch.ts';

const Launch = z.object({
  playerId: z.uuid(),
  currency: z.string().min(3).max(5),
  providerId: z.string().min(1).default(STUDIO_PROVIDER_ID),
  gameId: z.string().min(1).default('demo'),
  ttlSeconds: z
    .number()
    .int()
    .min(-86_400)
    .max(7 * 86_400)
    .optional(),
});

const invalid = (message: string) => ({ error: { code: 3, message, fields: {} } });

/** Development and tests only (where the development credit is): a launch token without a game launch. */
export function devLaunchRoute(app: FastifyInstance, db: Db): void {
  app.post('/api/dev/seamless/launch-token', async (request, reply) => {
    const body = Launch.safeParse(request.body).data;
    if (!body || !enabledCurrencies.has(body.currency.toUpperCase())) {
      return reply.status(422).send(invalid('The given data was invalid.'));
    }
    try {
      const launched = await issueLaunchToken(db, body);
      return {
        data: { token: launched.token, expiresAt: launched.expiresAt.toISOString(), accountId: launched.accountId },
      };
    } catch (error) {
      return reply.status(422).send(invalid((error as Error).message));
    }
  });
}
