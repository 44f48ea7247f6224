// The game module as other modules see it (bonus, limits, retention): functions, never tables.
export { activityHistory, activityRule } from './activity.ts';
export { findGame, gamesByIdentity, providerOfGame, restrictedIn } from './catalogue.ts';
export { gameIdentitiesInCollections } from './collection-games.ts';
export { type GameEditorOptions, gameEditorRoutes } from './editor/routes.ts';
export {
  type BeforeLaunchContext,
  type BeforeLaunchHook,
  type LaunchRefusalCode,
  launchRefusal,
} from './launch.ts';
export { invalidateLobby } from './lobby-cache.ts';
export { gameRoutes } from './routes.ts';
export { seedGames, seedSportsbookGame } from './seed.ts';
