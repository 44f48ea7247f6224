import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ConfigBus } from '../config-bus/index.ts';

/**
 * Every answer names this instance's configuration generation (decision ssr-cache): `<instance>.<n>`, where
 * `n` moves each time staff's content or site settings have changed here. The web app's SSR keeps content and
 * settings in memory and drops them when an answer shows a counter it has not seen, so a staff edit reaches
 * the rendered site on the next page, never after a TTL. The instance part keeps counters of several API
 * instances apart (a fresh instance starts at 0).
 */
export const CONFIG_GENERATION_HEADER = 'x-config-generation';

export interface ConfigReloads {
  /** The caches the answers read: each resolves once a read that started after the call has been applied. */
  content(): Promise<void>;
  settings(): Promise<void>;
}

export function registerConfigGeneration(app: FastifyInstance, bus: ConfigBus, reloads: ConfigReloads): void {
  const instance = randomBytes(6).toString('base64url');
  let generation = 0;
  for (const scope of ['content', 'settings'] as const) {
    // Moved once the cache has the change, not when the word arrives: an SSR that refetched in between
    // would keep the old text under the new generation.
    bus.on(scope, () => {
      reloads[scope]().then(
        () => void generation++,
        () => void generation++,
      );
    });
  }
  app.addHook('onSend', async (_request, reply) => {
    reply.header(CONFIG_GENERATION_HEADER, `${instance}.${generation}`);
  });
}
