import { endpoints, type RouteTable, routeTableOf } from '@croupier/contracts';

/**
 * Method, path and auth of every API operation, for the browser's client. The client build replaces this
 * module with the computed table as plain data (vite.config.ts, `apiRouteTable`), so the first load carries
 * no zod schema (decision 0073); the server and unit tests compute it here.
 */
export const apiRoutes: RouteTable = routeTableOf(endpoints);
