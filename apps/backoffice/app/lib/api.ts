import { type BackofficeClient, type BackofficeEndpoints, createRouteClient } from '@croupier/contracts';
import { backofficeRoutes } from './routes.ts';

/**
 * The one client of the operator API: `createBackofficeClient({ credentials: 'same-origin' })`, over the route
 * table computed at build time (routes.ts) so the schemas stay out of the bundle. The browser sends the HttpOnly
 * staff cookie (`croupier_staff`, set by `POST /api/backoffice/sessions/verify`): the page never holds a token.
 */
export const api: BackofficeClient = createRouteClient<BackofficeEndpoints>(backofficeRoutes, {
  credentials: 'same-origin',
});
