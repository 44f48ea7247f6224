// What other features use of realtime; they import it from here only (issue 15: one-way imports).
export { readHistory, useSubscriptionState } from './history.ts';
export { getOpenGame, type OpenGame, setOpenGame, useOpenGame } from './open-game.ts';
export { RealtimeConnector } from './realtime-connector.tsx';
export { RealtimeReactions } from './realtime-reactions.tsx';
export { usePlayerChannel, usePublicChannel } from './use-channel.ts';
