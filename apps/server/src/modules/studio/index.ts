// The game studio: a game provider of its own (docs/studio-api.md).
// The launch link lives in contracts (@croupier/contracts/launch-link): the casino signs it without importing the studio.

export { studioRoundFairness } from './round-fairness.ts';
export { type StudioOptions, studioRoutes } from './routes.ts';
export {
  createSeamlessClient,
  fetchTransport,
  injectTransport,
  type SeamlessClient,
  type SeamlessRefusal,
  SeamlessUnavailable,
  type Transport,
} from './seamless-client.ts';
export { type GameTheory, houseGameTheory } from './theory/index.ts';
