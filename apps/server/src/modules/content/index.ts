// The content module as the app and other modules see it: the loaded content tree and its routes.

export { contentRoutes } from './routes.ts';
export { type ContentStore, loadContentStore, mergeFallback } from './store.ts';
