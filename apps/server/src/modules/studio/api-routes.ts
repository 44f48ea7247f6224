import { type Endpoint, STUDIO_API, studioEndpoints } from '@croupier/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Studio } from './service.ts';

/** The JSON game API: the session id is the capability. */

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

type P = { sessionId: string; roundId: string; freeRoundId: string };

// Per session (the capability), not per IP: a game loop can't flood the wallet through one session.
// Built per registration, so no two apps share one options object.
const perSession = () => ({
  config: {
    rateLimit: {
      max: 600,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => `studio:${(req.params as P).sessionId}`,
    },
  },
});

// Paths and methods from the contract's table (relative to this /api prefix).
const at = (e: Endpoint) => e.path.slice(STUDIO_API.length);
const sessionOf = (req: FastifyRequest) => (req.params as P).sessionId;
const clientSeedOf = (req: FastifyRequest) => (req.body as { clientSeed?: unknown } | null)?.clientSeed;

/** Registered inside the /api prefix. */
export async function apiRoutes(api: FastifyInstance, service: Studio): Promise<void> {
  api.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', API_CSP);
    reply.header('x-frame-options', 'DENY');
    reply.header('cache-control', 'no-store');
  });
  const e = studioEndpoints;
  const limited = perSession();
  api.get(at(e.session), limited, async (req) => service.session(sessionOf(req)));
  api.put(at(e.setClientSeed), limited, async (req) => service.setClientSeed(sessionOf(req), clientSeedOf(req)));
  api.post(at(e.rotateSeeds), limited, async (req) => service.rotate(sessionOf(req), clientSeedOf(req)));
  api.post(at(e.play), limited, async (req) => service.play(sessionOf(req), req.body));
  api.post(at(e.act), limited, async (req) => service.act(sessionOf(req), (req.params as P).roundId, req.body));
  api.get(at(e.rounds), limited, async (req) =>
    service.rounds(sessionOf(req), (req.query as { limit?: unknown }).limit),
  );
  // Free rounds the casino awarded (decision 0065): the studio's own paths, next to the contract's.
  api.get('/sessions/:sessionId/free-rounds', limited, async (req) => service.freeRounds(sessionOf(req)));
  api.post('/sessions/:sessionId/free-rounds/:freeRoundId/play', limited, async (req) =>
    service.playFreeRound(sessionOf(req), (req.params as P).freeRoundId),
  );
  api.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: { code: 'not_found', message: `Not found: ${request.method} ${request.url.split('?')[0]}` },
    }),
  );
}
