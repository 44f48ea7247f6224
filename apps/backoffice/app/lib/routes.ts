import { backofficeEndpoints, type RouteTable, routeTableOf } from '@croupier/contracts';

/**
 * Method, path and auth of every operator-API operation. The client build replaces this module with the
 * computed table as plain data (vite.config.ts, `routeTable`), so no zod schema reaches the browser, as on
 * the player site (decision 0073); type checks and unit tests compute it here.
 */
export const backofficeRoutes: RouteTable = routeTableOf(backofficeEndpoints);
