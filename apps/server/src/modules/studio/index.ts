// The game studio: a game provider of its own (docs/studio-api.md).
export { type LaunchCheck, type LaunchParams, STUDIO_PATH, studioLaunchUrl, verifyLaunch } from './launch.ts';
export { type StudioOptions, studioRoutes } from './routes.ts';
export { createSeamlessClient, type SeamlessClient, STUDIO_PROVIDER_ID, type Transport } from './seamless-client.ts';
