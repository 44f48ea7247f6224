import type { ApiClient } from '@croupier/contracts';

/** What the Fastify host hands every loader and action (apps/server/src/site/plugin.ts). */
declare module 'react-router' {
  interface AppLoadContext {
    /** The typed public-API client, with the visitor's geo headers forwarded. */
    api: ApiClient;
    /** Per-request CSP nonce for inline scripts. */
    nonce: string;
    /** The `npm start` demo (DEMO): every page shows the demo ribbon. */
    demo?: boolean;
  }
}
