import type { FastifyInstance } from 'fastify';

/** Headers every answer carries. The site sets its own nonce-based CSP; API answers forbid everything. */
export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      reply.header('x-frame-options', 'DENY');
    }
  });
}
