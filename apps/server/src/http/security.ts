import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries, through @fastify/helmet (docs/decisions/0036). Helmet writes them on the raw
 * response in onRequest, so the site's hijacked page responses carry them too. CSP is per kind of answer: API
 * answers forbid everything (below); pages set their own nonce-based policy (site/csp.ts, the studio, sandboxes).
 */
export async function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    // Pages are framed only by this origin (games, sandboxes); API answers say DENY below.
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Only when PUBLIC_URL is https: over plain http it would pin a demo host to TLS it does not have.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // On the raw response like helmet's, so hijacked page responses get it too.
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      reply.header('x-frame-options', 'DENY');
    }
  });
}
