import { randomBytes } from 'node:crypto';
import { verifyLaunch } from '@croupier/contracts/launch-link';
import { SPORTSBOOK_API, SPORTSBOOK_GAME_ID, SPORTSBOOK_PATH } from '@croupier/contracts/sportsbook';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_SCRIPT } from './app-script.ts';
import { SportsbookError } from './errors.ts';
import { pageCsp, sportsbookErrorPage, sportsbookPage } from './page.ts';
import type { Sportsbook } from './service.ts';

const API_CSP = "default-src 'none'; frame-ancestors 'none'";
type P = { sessionId: string; betId: string };

/** Sportsbook errors as their JSON answer; a malformed request as 400; the rest is logged as 500. */
function errorHandler(error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof SportsbookError) {
    return reply.status(error.status).send({
      error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) },
    });
  }
  if (error.statusCode === 429) {
    return reply.status(429).send({ error: { code: 'too_many_requests', message: 'Too many requests. Slow down.' } });
  }
  if (error.statusCode && error.statusCode < 500) {
    return reply.status(400).send({ error: { code: 'invalid_request', message: error.message } });
  }
  request.log.error({ err: error }, 'sportsbook request failed');
  return reply.status(500).send({ error: { code: 'internal', message: 'Internal error' } });
}

// Per session (the capability), not per address; built per registration so no two apps share it.
const perSession = () => ({
  config: {
    rateLimit: {
      max: 300,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => `sportsbook:${(req.params as P).sessionId}`,
    },
  },
});

function apiRoutes(api: FastifyInstance, service: Sportsbook) {
  api.addHook('onSend', async (_request, reply) => {
    reply
      .header('content-security-policy', API_CSP)
      .header('x-frame-options', 'DENY')
      .header('cache-control', 'no-store');
  });
  const limited = perSession();
  const sid = (req: FastifyRequest) => (req.params as P).sessionId;
  const bid = (req: FastifyRequest) => (req.params as P).betId;
  api.get('/sessions/:sessionId', limited, async (req) => service.session(sid(req)));
  api.post('/sessions/:sessionId/bets', limited, async (req) => service.place(sid(req), req.body));
  api.post('/sessions/:sessionId/bets/:betId/settle', limited, async (req) => service.settle(sid(req), bid(req)));
  api.post('/sessions/:sessionId/bets/:betId/cash-out', limited, async (req) => service.cashOut(sid(req), bid(req)));
  api.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: { code: 'not_found', message: `Not found: ${request.method} ${request.url.split('?')[0]}` } }),
  );
}

function pageRoutes(
  app: FastifyInstance,
  opts: { service: Sportsbook; secret: string; frameAncestors: readonly string[] },
) {
  const { service, secret, frameAncestors } = opts;
  app.get('/launch', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const check = verifyLaunch(secret, query);
    if (!check.ok) return sportsbookErrorPage(reply, check.reason === 'signature' ? 403 : 400, query.locale, 'invalid');
    // Real money only: the sportsbook has no demo (its catalogue game says isDemoMode false).
    if (check.params.game !== SPORTSBOOK_GAME_ID || check.params.mode !== 'real') {
      return sportsbookErrorPage(reply, 400, query.locale, 'invalid');
    }
    const sessionId = service.open(check.params);
    return reply.header('cache-control', 'no-store').redirect(`${SPORTSBOOK_PATH}/play/${sessionId}`, 302);
  });
  app.get('/play/:sessionId', async (request, reply) => {
    const { sessionId } = request.params as P;
    if (!service.exists(sessionId)) return sportsbookErrorPage(reply, 404, undefined, 'missing');
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageCsp(nonce, frameAncestors))
      .header('x-frame-options', 'SAMEORIGIN')
      .send(sportsbookPage(sessionId, service.localeOf(sessionId), nonce));
  });
  app.get('/app.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(APP_SCRIPT),
  );
}

/** The sandbox sportsbook under /sportsbook: launch, page, script and JSON API (decision 0071). */
export async function sportsbookRoutes(
  app: FastifyInstance,
  opts: { service: Sportsbook; secret: string; frameAncestors?: readonly string[] },
) {
  await app.register(
    async (book) => {
      book.setErrorHandler(errorHandler);
      pageRoutes(book, { service: opts.service, secret: opts.secret, frameAncestors: opts.frameAncestors ?? [] });
      await book.register(async (api) => apiRoutes(api, opts.service), {
        prefix: SPORTSBOOK_API.slice(SPORTSBOOK_PATH.length),
      });
    },
    { prefix: SPORTSBOOK_PATH },
  );
}
