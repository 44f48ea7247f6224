import type { PlayerDeps, PlayerRegistered } from './context.ts';

/** Tells the "player registered" listeners, in order, after the commit; a failing one is logged, not fatal. */
export async function emitRegistered(deps: Pick<PlayerDeps, 'registered' | 'log'>, event: PlayerRegistered) {
  for (const listener of deps.registered) {
    try {
      await listener(event);
    } catch (error) {
      deps.log.error({ err: error, playerId: event.playerId }, 'player-registered listener failed');
    }
  }
}
