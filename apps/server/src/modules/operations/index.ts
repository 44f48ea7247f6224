// The operations module as the app sees it: health, readiness and the OpenAPI document.

export { operationsRoutes } from './routes.ts';
