// The seamless wallet as other modules see it (game launch, limits, bonus): functions, never tables.

export { latestWins, listRounds, majorOf, type RoundRow, type RoundStatus } from './history.ts';
export { parseProviders, resolveStudioSecret, STUDIO_PROVIDER_ID } from './providers.ts';
export { SEAMLESS_PREFIX, seamlessRoutes, signatureOf } from './routes.ts';
export {
  type Action,
  type BeforeBetContext,
  type BeforeBetHook,
  createSeamlessWallet,
  issueLaunchToken,
  LimitReachedError,
  majorString,
  type OkAnswer,
  onBeforeBet,
  type SeamlessCode,
  SeamlessError,
  type SeamlessWallet,
} from './service.ts';
